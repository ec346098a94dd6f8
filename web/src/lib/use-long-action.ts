import { useCallback, useRef, useState } from 'react';

/**
 * A long action (export, upload, bulk change) that shows progress and cannot run twice at once (docs/ux-states.md): `running`
 * drives the button's loading state, and a ref refuses a second click that lands before React re-renders.
 * Failures are the action's own business (the API client already tells the user); `run` never rejects.
 */
export function useLongAction<A extends unknown[]>(action: (...args: A) => Promise<unknown> | unknown) {
  const busy = useRef(false);
  const [running, setRunning] = useState(false);
  const latest = useRef(action);
  latest.current = action;
  const run = useCallback(async (...args: A) => {
    if (busy.current) return false;
    busy.current = true;
    setRunning(true);
    try {
      await latest.current(...args);
      return true;
    } catch {
      return false;
    } finally {
      busy.current = false;
      setRunning(false);
    }
  }, []);
  return { run, running };
}

/**
 * The same guard for a dialog's OK: `onOk={() => submitting.run(async () => {...})}` with
 * `confirmLoading={submitting.running}`, so a second click while the request runs sends nothing.
 */
export function useSubmitting() {
  return useLongAction((task: () => Promise<unknown>) => task());
}
