import { useCallback, useMemo } from 'react';

/**
 * A form draft kept in local storage, so values survive a reload (the whole storage is cleared at sign-out, docs/spec-notes.md#states).
 * Holds the values and the step reached.
 */
export interface Draft<V> {
  values: V;
  step: number;
}

export function useDraft<V extends object>(key: string) {
  const storageKey = `jz.jinjian.draft.${key}`;
  const initial = useMemo<Draft<V> | null>(() => {
    try {
      const raw = localStorage.getItem(storageKey);
      const d = raw ? (JSON.parse(raw) as Draft<V>) : null;
      return d && typeof d === 'object' && d.values ? d : null;
    } catch {
      return null;
    }
  }, [storageKey]);
  const save = useCallback(
    (values: V, step: number) => localStorage.setItem(storageKey, JSON.stringify({ values, step } satisfies Draft<V>)),
    [storageKey],
  );
  const clear = useCallback(() => localStorage.removeItem(storageKey), [storageKey]);
  return { initial, save, clear };
}
