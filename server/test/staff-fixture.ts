import { expect } from 'vitest';
import { type Api, api, type TestApp } from './helpers/index.ts';
import { freeEmployee, paidOrder } from './helpers/order-flow.ts';

/**
 * The staff page's fixtures (docs/staff.md): an employee signed in on the staff page through the real SMS sign-in, and
 * paid orders assigned to her by the console. Shared by the staff-*.test.ts files.
 */
export const S = 'staff';
export const D = 'app/jiazheng/pay/dingdan';
export const SHOP_A = '运城洁家家政（总店）';

export const shopIdOf = async (t: TestApp, name = SHOP_A) =>
  (await t.db.selectFrom('shop').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

/** The staff sign-in: code through the recording gateway, then login. Answers the envelope. */
export async function staffLogin(t: TestApp, phone: string) {
  const sent = await api(t.app).post(`${S}/login/sms/sendCode`, { phone });
  if (sent.code !== 200) return sent;
  const code = t.sms.lastCodeFor(phone);
  return api(t.app).post(`${S}/login/sms/login`, { phone, code });
}

/** A new active employee of the shop, signed in on the staff page: her API client and ids. */
export async function staffMember(t: TestApp, shopId: number) {
  const e = await freeEmployee(t, shopId);
  const r = await staffLogin(t, e.phone);
  expect(r).toMatchObject({ code: 200 });
  return { ...e, token: r.result.token as string, api: api(t.app, r.result.token) };
}

/** A paid order of the shop assigned by the console to the employee (待服务); moved to `appointmentAt` if given. */
export async function assignedTo(t: TestApp, console: Api, shopId: number, employeeId: number, appointmentAt?: string) {
  const o = await paidOrder(t, shopId);
  expect(await console.post(`${D}/setYuangong`, { id: o.id, yuangongId: employeeId })).toMatchObject({ code: 200 });
  if (appointmentAt) await t.db.updateTable('serviceOrder').set({ appointmentAt }).where('id', '=', o.id).execute();
  return appointmentAt ? { ...o, appointmentAt } : o;
}
