import type { DB, Trx } from '../../../db/client.ts';
import { business } from '../../../lib/errors.ts';
import '../client/client.tables.ts';
import '../employee/employee.tables.ts';
import '../order/order.tables.ts';

/**
 * A client's preferred and blocked employees (客户档案 › 员工偏好, table client_employee_pref) as the suggestions and
 * assignment read them (docs/dispatch.md §3.2). Scheduling sits below the client module and reads its table directly,
 * as it reads orders': always through the order's own client and merchant, so another merchant's preferences (or a
 * client id shared by accident) never count.
 */
export interface ClientPrefs {
  preferred: Set<number>;
  blocked: Set<number>;
}

export const BLOCKED_REASON = '客户不希望再派此员工';
export const PREFERRED_REASON = '客户偏好';

/**
 * The preferences of some clients of a merchant, in one query (an order's client before payment links a record is
 * null and has none): client id -> its preferred and blocked employees. Clients without any are absent.
 */
export async function clientPrefsOf(
  db: DB | Trx,
  merchantId: number,
  clientIds: readonly (number | null | undefined)[],
): Promise<Map<number, ClientPrefs>> {
  const ids = [...new Set(clientIds.filter((id): id is number => id != null))];
  const out = new Map<number, ClientPrefs>();
  if (!ids.length) return out;
  const rows = await db
    .selectFrom('clientEmployeePref')
    .select(['clientId', 'employeeId', 'kind'])
    .where('merchantId', '=', merchantId)
    .where('clientId', 'in', ids)
    .execute();
  for (const r of rows) {
    const p = out.get(r.clientId) ?? { preferred: new Set<number>(), blocked: new Set<number>() };
    p[r.kind].add(r.employeeId);
    out.set(r.clientId, p);
  }
  return out;
}

/**
 * Refuses (2004) an employee the order's client blocked. Assignment's rule beside assertAssignable's schedule rules;
 * no override: whoever must send her anyway first removes 不派 on 客户详情 (docs/customers.md "员工偏好").
 */
export async function assertNotBlocked(db: DB | Trx, orderId: number, employeeId: number) {
  const hit = await db
    .selectFrom('clientEmployeePref')
    .innerJoin('serviceOrder', (j) =>
      j
        .onRef('serviceOrder.clientId', '=', 'clientEmployeePref.clientId')
        .onRef('serviceOrder.merchantId', '=', 'clientEmployeePref.merchantId'),
    )
    .innerJoin('employee', 'employee.id', 'clientEmployeePref.employeeId')
    .select('employee.name')
    .where('serviceOrder.id', '=', orderId)
    .where('clientEmployeePref.employeeId', '=', employeeId)
    .where('clientEmployeePref.kind', '=', 'blocked')
    .executeTakeFirst();
  if (hit) throw business(`${BLOCKED_REASON}（${hit.name}），如确需指派，请先在客户详情的员工偏好中取消「不派」`);
}
