import type { UserInfo } from '@jz/contracts/auth';

/** docs/spec-notes.md#states: the token lives in local storage; button permissions in session storage (docs/spec-notes.md#permissions). */
const TOKEN = 'token';
const USER = 'userInfo';
const PERMS = 'perms';

export const getToken = () => localStorage.getItem(TOKEN);
export const setToken = (t: string) => localStorage.setItem(TOKEN, t);

export function getUserInfo(): UserInfo | null {
  try {
    return JSON.parse(localStorage.getItem(USER) ?? 'null');
  } catch {
    return null;
  }
}
export const setUserInfo = (u: UserInfo) => localStorage.setItem(USER, JSON.stringify(u));

export function getPerms(): string[] {
  try {
    const v = JSON.parse(sessionStorage.getItem(PERMS) ?? '[]');
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}
export const setPerms = (p: string[]) => sessionStorage.setItem(PERMS, JSON.stringify(p));

/** Sign-out and 401 both clear local and session storage (docs/spec-notes.md#states). */
export function clearSession() {
  localStorage.clear();
  sessionStorage.clear();
}
