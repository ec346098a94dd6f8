import { useSyncExternalStore } from 'react';

/** Count of pending requests that drive the full-screen "拼命加载中" (docs/spec-notes.md#states). */
let pending = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const loadingStore = {
  start() {
    pending++;
    emit();
  },
  end() {
    pending = Math.max(0, pending - 1);
    emit();
  },
  get: () => pending,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export const usePendingRequests = () =>
  useSyncExternalStore(loadingStore.subscribe, loadingStore.get, loadingStore.get);
