import { useEffect, useState } from 'react';

/**
 * False on the first render, true once the browser has painted it and has a moment to spare (docs/performance-browser.md): a heavy
 * widget rendered behind this (the chart library, 200 KB gzip) starts downloading and parsing only after the figures
 * around it are on the screen, so it never delays them. requestIdleCallback where there is one (not Safari), with a
 * deadline so a busy page still gets its charts.
 */
export function useAfterPaint(deadlineMs = 500): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    let timer: number | undefined;
    // The callback of the next animation frame runs before that frame paints; a task queued from it runs after.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        if (typeof window.requestIdleCallback === 'function')
          idle = window.requestIdleCallback(() => setReady(true), { timeout: deadlineMs });
        else setReady(true);
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, [deadlineMs]);
  return ready;
}
