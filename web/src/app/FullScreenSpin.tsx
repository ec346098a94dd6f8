import { Spin } from 'antd';
import { useEffect, useState } from 'react';

/** How long a wait lasts before the full-screen "拼命加载中" appears: shorter waits show nothing (no flash). */
export const SPIN_DELAY_MS = 400;

/**
 * The full-screen "拼命加载中" (docs/spec-notes.md#states), shown only once the wait has lasted `delay` ms, so fast calls, chunk loads
 * and session loads do not flash a mask over the page. Unmounting it (the wait is over) hides it at once.
 */
export function FullScreenSpin({ delay = SPIN_DELAY_MS }: { delay?: number }) {
  const [show, setShow] = useState(delay <= 0);
  useEffect(() => {
    if (delay <= 0) return;
    const t = setTimeout(() => setShow(true), delay);
    return () => clearTimeout(t);
  }, [delay]);
  return show ? <Spin fullscreen description="拼命加载中" /> : null;
}
