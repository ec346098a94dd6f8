import { useSyncExternalStore } from 'react';
import { getUserInfo } from '../../lib/storage.ts';

/**
 * 提醒设置: how this browser alerts the signed-in user of a new order. Kept per user in local storage (a browser's
 * notification permission and its speakers belong to the device, not to the account); like everything in local
 * storage it is cleared at sign-out (docs/spec-notes.md#states), so both switches come back on, the side on which nothing is missed.
 */
export interface AlertPrefs {
  /** The two-tone beep (only where the shop's 新订单提示音 is on as well). */
  sound: boolean;
  /** A browser notification when the console's tab is in the background (needs the browser's permission). */
  browser: boolean;
  /** The browser's permission was asked once already: never ask again. */
  asked: boolean;
}

const DEFAULTS: AlertPrefs = { sound: true, browser: true, asked: false };
const keyOf = () => `jz.orderAlerts.${getUserInfo()?.id ?? 'anon'}`;

const watchers = new Set<() => void>();
let cache: { key: string; raw: string | null; prefs: AlertPrefs } | undefined;

export function readAlertPrefs(): AlertPrefs {
  const key = keyOf();
  const raw = localStorage.getItem(key);
  if (cache?.key === key && cache.raw === raw) return cache.prefs;
  let prefs = DEFAULTS;
  try {
    const v = JSON.parse(raw ?? 'null') as Partial<AlertPrefs> | null;
    if (v && typeof v === 'object')
      prefs = {
        sound: v.sound !== false,
        browser: v.browser !== false,
        asked: v.asked === true,
      };
  } catch {
    // unreadable: the defaults
  }
  cache = { key, raw, prefs };
  return prefs;
}

export function setAlertPrefs(patch: Partial<AlertPrefs>) {
  localStorage.setItem(keyOf(), JSON.stringify({ ...readAlertPrefs(), ...patch }));
  for (const w of watchers) w();
}

function subscribe(fn: () => void) {
  watchers.add(fn);
  // another tab of the same console changed them
  window.addEventListener('storage', fn);
  return () => {
    watchers.delete(fn);
    window.removeEventListener('storage', fn);
  };
}

export const useAlertPrefs = () => useSyncExternalStore(subscribe, readAlertPrefs);

/** The browser's notification permission, or 'unsupported' (no Notification API, e.g. an insecure origin). */
export type BrowserPermission = NotificationPermission | 'unsupported';

export const browserPermission = (): BrowserPermission =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

/**
 * Asks the browser for its notification permission: only from a click of the user (never on load), and once: the
 * answer is remembered (the browser remembers allow and block itself; a dismissed prompt is not asked again either).
 */
export async function askBrowserPermission(): Promise<BrowserPermission> {
  if (typeof Notification === 'undefined') return 'unsupported';
  setAlertPrefs({ asked: true });
  if (Notification.permission !== 'default') return Notification.permission;
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

/** Whether to offer 开启浏览器通知 beside a new-order notice: wanted, not decided by the browser, never asked. */
export function mayOfferBrowserPermission(prefs: AlertPrefs = readAlertPrefs()) {
  return prefs.browser && !prefs.asked && browserPermission() === 'default';
}
