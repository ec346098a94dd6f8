import { useSyncExternalStore } from 'react';
import { onSessionReset } from '../../../lib/session-reset.ts';

/**
 * 系统配置's unsaved texts, one per configuration type (switching type used to discard an edit). A draft
 * lives in memory for the tab's life: switching type, or leaving the page by the browser's back button, keeps it, and
 * the editor restores it with the hint 有未保存的修改. Saving, 放弃修改, or confirming 离开 drops it; a new sign-in
 * forgets every draft (another user must not find the last one's text).
 */
const drafts = new Map<string, string>();
const listeners = new Set<() => void>();
let types: readonly string[] = [];

function changed() {
  types = [...drafts.keys()];
  for (const l of listeners) l();
}

export const configDrafts = {
  get: (type: string): string | undefined => drafts.get(type),
  set(type: string, content: string) {
    if (drafts.get(type) === content) return;
    drafts.set(type, content);
    changed();
  },
  clear(type: string) {
    if (drafts.delete(type)) changed();
  },
  clearAll() {
    if (!drafts.size) return;
    drafts.clear();
    changed();
  },
};

onSessionReset(() => configDrafts.clearAll());

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** The types that hold an unsaved draft (re-renders when one is added or dropped). */
export function useDraftTypes(): readonly string[] {
  return useSyncExternalStore(
    subscribe,
    () => types,
    () => types,
  );
}

/** Two texts are the same edit when equal, or both empty as the editor writes empty ('' or bare <p><br></p>). */
export function sameText(a: string, b: string) {
  const empty = (s: string) => /^(\s|<p><br><\/p>)*$/.test(s);
  return a === b || (empty(a) && empty(b));
}
