import type { StaffEmployee } from '@jz/contracts/staff';

/**
 * The staff session, kept apart from the console's (`token`, `userInfo`): a phone may hold both, and signing out of
 * one never ends the other.
 */
const TOKEN = 'jz-staff-token';
const EMPLOYEE = 'jz-staff-employee';
const ALSO_MERCHANT = 'jz-staff-also-merchant';

export const getStaffToken = () => localStorage.getItem(TOKEN);

export function getStaffEmployee(): StaffEmployee | null {
  try {
    return JSON.parse(localStorage.getItem(EMPLOYEE) ?? 'null');
  } catch {
    return null;
  }
}

export const isAlsoMerchantUser = () => localStorage.getItem(ALSO_MERCHANT) === '1';

export function saveStaffSession(s: { token: string; employee: StaffEmployee; alsoMerchantUser: boolean }) {
  localStorage.setItem(TOKEN, s.token);
  localStorage.setItem(EMPLOYEE, JSON.stringify(s.employee));
  localStorage.setItem(ALSO_MERCHANT, s.alsoMerchantUser ? '1' : '0');
}

/** Her details as the server last answered them (name, shop: the dispatcher may have changed them). */
export const saveStaffEmployee = (e: StaffEmployee) => localStorage.setItem(EMPLOYEE, JSON.stringify(e));

/** Only the staff page's own keys (the console's session on the same phone stays). */
export function clearStaffSession() {
  for (const k of Object.keys(localStorage)) if (k.startsWith('jz-staff-')) localStorage.removeItem(k);
}
