import { useSyncExternalStore } from 'react';
import { withChunkTimeout } from '../../lib/lazy-page.ts';

/**
 * A module loaded on use and shared by every component that uses it: `start()` begins the import (once; a failed one
 * may be started again), `useValue()` re-renders with the value once it is in (null until then).
 */
export function onUse<T>(load: () => Promise<T>) {
  let value: T | null = null;
  let pending: Promise<void> | null = null;
  const subscribers = new Set<() => void>();
  const start = () => {
    if (pending) return;
    pending = withChunkTimeout(load()).then(
      (v) => {
        value = v;
        for (const s of subscribers) s();
      },
      () => {
        pending = null; // the next use tries again
      },
    );
  };
  const subscribe = (s: () => void) => {
    subscribers.add(s);
    return () => subscribers.delete(s);
  };
  const get = () => value;
  return { start, useValue: () => useSyncExternalStore(subscribe, get, get) };
}
