import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * One call's state for a page: the answer, the failure, and reload (no cache library: the page stays small). `key`
 * names what the call depends on: a new key loads again.
 */
export function useLoad<T>(load: () => Promise<T>, key: string) {
  const [state, setState] = useState<{ data?: T; error?: unknown; loading: boolean }>({ loading: true });
  const loadRef = useRef(load);
  loadRef.current = load;
  const seq = useRef(0);
  const run = useCallback(() => {
    const n = ++seq.current;
    setState((s) => ({ ...s, loading: true }));
    return loadRef.current().then(
      (data) => {
        if (n === seq.current) setState({ data, loading: false });
      },
      (error) => {
        if (n === seq.current) setState((s) => ({ data: s.data, error, loading: false }));
      },
    );
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key is what asks for the new answer
  useEffect(() => {
    // Another key's answer is not this one's: 明日 never shows 今日's jobs while its own load is on its way.
    setState({ loading: true });
    void run();
  }, [run, key]);
  return { ...state, reload: run };
}
