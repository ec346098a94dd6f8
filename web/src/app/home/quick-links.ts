import type { MenuItem } from '@jz/contracts/menu';

/**
 * 快捷入口: the pages a user opens most, and the ones it pinned, kept in local storage under a key
 * per user id (two accounts on one browser keep their own). Sign-out clears local storage (docs/spec-notes.md#states), so the counts
 * start again after a sign-out; pins too. Pages are named by their registry key (a menu item's `component`).
 */
export const MAX_QUICK_LINKS = 8;
/** Shown before the user has a history: the merchant's daily pages first, as far as the user may open them. */
const DEFAULT_KEYS = [
  'merchant.order.taking',
  'merchant.order.list',
  'merchant.goods.list',
  'merchant.employee.list',
  'merchant.shop.info',
  'merchant.review.list',
  'merchant.finance.home',
  'merchant.stats.operations',
];
const DEFAULT_COUNT = 6;

interface Visit {
  /** How many times the page was opened. */
  n: number;
  /** When it was last opened (ms): ties go to the more recent. */
  last: number;
}
export interface QuickStore {
  visits: Record<string, Visit>;
  /** Pinned page keys, in pin order; at most MAX_QUICK_LINKS. */
  pinned: string[];
}

const storageKey = (userId: number) => `jz.quickLinks.${userId}`;
const empty = (): QuickStore => ({ visits: {}, pinned: [] });

export function readQuick(userId: number): QuickStore {
  try {
    const v = JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null') as Partial<QuickStore> | null;
    if (!v || typeof v !== 'object') return empty();
    const visits = v.visits && typeof v.visits === 'object' ? v.visits : {};
    const pinned = Array.isArray(v.pinned) ? v.pinned.filter((k): k is string => typeof k === 'string') : [];
    return { visits, pinned: pinned.slice(0, MAX_QUICK_LINKS) };
  } catch {
    return empty();
  }
}

function write(userId: number, s: QuickStore) {
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(s));
  } catch {
    /* storage full or blocked: the links fall back to the defaults */
  }
}

/** Counts one opening of a page (the console calls it when a page renders for a user allowed to see it). */
export function recordVisit(userId: number, pageKey: string, now = Date.now()) {
  const s = readQuick(userId);
  const v = s.visits[pageKey] ?? { n: 0, last: 0 };
  s.visits = { ...s.visits, [pageKey]: { n: v.n + 1, last: now } };
  // Keep the store small: the 50 most used pages.
  const keys = Object.keys(s.visits);
  if (keys.length > 50) {
    const keep = new Set(rankVisits(s.visits).slice(0, 50));
    s.visits = Object.fromEntries(Object.entries(s.visits).filter(([k]) => keep.has(k)));
  }
  write(userId, s);
}

/** Pins or unpins a page; answers the new pins, or null when the pins are full (MAX_QUICK_LINKS). */
export function togglePin(userId: number, pageKey: string): string[] | null {
  const s = readQuick(userId);
  if (s.pinned.includes(pageKey)) s.pinned = s.pinned.filter((k) => k !== pageKey);
  else if (s.pinned.length >= MAX_QUICK_LINKS) return null;
  else s.pinned = [...s.pinned, pageKey];
  write(userId, s);
  return s.pinned;
}

const rankVisits = (visits: Record<string, Visit>) =>
  Object.entries(visits)
    .sort(([, a], [, b]) => b.n - a.n || b.last - a.last)
    .map(([k]) => k);

export interface QuickLink {
  item: MenuItem;
  pinned: boolean;
}

/**
 * The links to show, at most MAX_QUICK_LINKS, among the pages the user may open (`pages`: its menu's page items, by
 * registry key): the pinned ones first, then the most used; while these are fewer than six, topped up with daily pages
 * (or the first of its menu when those are not open to it). The landing page itself is never one.
 */
export function quickLinks(store: QuickStore, pages: MenuItem[], homeKey: string): QuickLink[] {
  const byKey = new Map<string, MenuItem>();
  for (const p of pages)
    if (p.component && p.component !== homeKey && !byKey.has(p.component)) byKey.set(p.component, p);
  const out: QuickLink[] = [];
  const add = (key: string, pinned: boolean) => {
    const item = byKey.get(key);
    if (item && out.length < MAX_QUICK_LINKS && !out.some((l) => l.item.component === key)) out.push({ item, pinned });
  };
  for (const k of store.pinned) add(k, true);
  for (const k of rankVisits(store.visits)) add(k, false);
  // A short history is topped up with the daily pages (then the menu's first), up to a few links.
  for (const k of DEFAULT_KEYS) if (out.length < DEFAULT_COUNT) add(k, false);
  for (const k of byKey.keys()) if (out.length < DEFAULT_COUNT) add(k, false);
  return out;
}
