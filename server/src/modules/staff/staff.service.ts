import { PRIVATE_FILE_PREFIX } from '@jz/contracts/upload';
import type { DB } from '../../db/client.ts';
import type { StaffCaller } from '../../lib/caller.ts';
import { activeEmployeeByPhone } from './staff-session.ts';
import './staff.tables.ts';

/**
 * What other modules ask of the staff side: whether a phone is an active employee's (the console's SMS sign-up refuses
 * it), and which private files a staff caller may read or name (her own uploads: her job photos).
 */
export { activeEmployeeByPhone };

/** The console's message to an employee's phone that has no console account (docs/staff.md). */
export const STAFF_PAGE_HINT = '该手机号是门店员工，请在员工端（/staff/）登录';

/** Of some storage keys, those the employee uploaded herself (staff_upload). */
export async function staffOwnKeys(db: DB, s: Pick<StaffCaller, 'employeeId' | 'merchantId'>, keys: string[]) {
  if (!keys.length) return new Set<string>();
  const rows = await db
    .selectFrom('staffUpload')
    .select('storageKey')
    .where('storageKey', 'in', keys)
    .where('employeeId', '=', s.employeeId)
    .where('merchantId', '=', s.merchantId)
    .execute();
  return new Set(rows.map((r) => r.storageKey));
}

/** The stable reference of a private key, as records store it. */
export const privateRef = (key: string) => `${PRIVATE_FILE_PREFIX}${key}`;
