import { useEffect, useMemo, useRef } from 'react';

/**
 * `fn` at most once per `ms`: the first call runs at once, calls during the pause make one more run at its end (so
 * the last change is never missed). For refetches pushed by a live stream, where a busy shop's steps arrive in bursts.
 */
export function throttle(fn: () => void, ms: number) {
  let until = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    until = Date.now() + ms;
    fn();
  };
  const call = () => {
    const wait = until - Date.now();
    if (wait <= 0 && !timer) return run();
    timer ??= setTimeout(
      () => {
        timer = undefined;
        run();
      },
      Math.max(wait, 0),
    );
  };
  call.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  return call;
}

/** A throttled call of the latest `fn`, cancelled on unmount. */
export function useThrottled(fn: () => void, ms: number) {
  const latest = useRef(fn);
  latest.current = fn;
  const call = useMemo(() => throttle(() => latest.current(), ms), [ms]);
  useEffect(() => call.cancel, [call]);
  return call;
}
