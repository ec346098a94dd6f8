import { STATUS_FLAG } from '@jz/contracts/common';
import { WORK_STATE } from '@jz/contracts/employee';
import { maskPhone } from '@jz/contracts/mask';
import type { StaffEmployee } from '@jz/contracts/staff';
import type { DB } from '../../db/client.ts';
import type { StaffCaller } from '../../lib/caller.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import { business, notFound } from '../../lib/errors.ts';
import { isoAfter, nowIso } from '../../lib/time.ts';
import './staff.tables.ts';
import '../merchant/employee/employee.tables.ts';
import '../merchant/shop/shop.tables.ts';

/**
 * Staff sessions (docs/staff.md): an active employee (not 离职, not deleted) signs in with her phone and an SMS code;
 * the client gets 256 random bits, the database keeps their hash in staff_session (never the console's `session`, so
 * neither token opens the other side). Every call re-reads the session joined with the employee, so 离职, deletion, a
 * move to another merchant or a sign-out ends it at the next call.
 */
export const STAFF_TTL_MS = 30 * 86_400_000;

/**
 * The active employee of a phone. A phone on the staff of two merchants (or listed twice): the most recently updated
 * active record signs in (the latest hiring or edit is taken as where she works now); docs/staff.md.
 */
export async function activeEmployeeByPhone(db: DB, phone: string) {
  return db
    .selectFrom('employee')
    .select(['id', 'merchantId', 'shopId', 'name'])
    .where('phone', '=', phone)
    .where('deletedAt', 'is', null)
    .where('workState', '!=', WORK_STATE.RESIGNED)
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function openStaffSession(db: DB, employeeId: number, ip: string, userAgent: string) {
  const e = await db
    .selectFrom('employee')
    .select(['id', 'merchantId', 'phone'])
    .where('id', '=', employeeId)
    .executeTakeFirstOrThrow();
  const token = newToken();
  const expiresAt = isoAfter(STAFF_TTL_MS);
  await db
    .insertInto('staffSession')
    .values({
      employeeId: e.id,
      merchantId: e.merchantId,
      tokenHash: sha256(token),
      expiresAt,
      revokedAt: null,
      ip,
      userAgent: userAgent.slice(0, 300),
      createdAt: nowIso(),
    })
    .execute();
  const alsoMerchantUser = Boolean(
    await db
      .selectFrom('user')
      .select('id')
      .where('phone', '=', e.phone)
      .where('status', '=', STATUS_FLAG.ENABLED)
      .executeTakeFirst(),
  );
  return { token, expiresAt, employee: await staffEmployeeOf(db, e.id), alsoMerchantUser };
}

/**
 * The caller behind a staff token, in one query; undefined when the token is unknown, expired or revoked, or the
 * employee is deleted, 离职 or now on another merchant's staff than the one she signed in with.
 */
export async function resolveStaffToken(db: DB, token: string): Promise<StaffCaller | undefined> {
  const r = await db
    .selectFrom('staffSession')
    .innerJoin('employee', (j) =>
      j
        .onRef('employee.id', '=', 'staffSession.employeeId')
        .onRef('employee.merchantId', '=', 'staffSession.merchantId'),
    )
    .select([
      'staffSession.id as sessionId',
      'employee.id as employeeId',
      'employee.merchantId',
      'employee.shopId',
      'employee.name',
      'employee.phone',
    ])
    .where('staffSession.tokenHash', '=', sha256(token))
    .where('staffSession.revokedAt', 'is', null)
    .where('staffSession.expiresAt', '>', nowIso())
    .where('employee.deletedAt', 'is', null)
    .where('employee.workState', '!=', WORK_STATE.RESIGNED)
    .executeTakeFirst();
  return r ?? undefined;
}

export async function revokeStaffSession(db: DB, sessionId: number) {
  await db
    .updateTable('staffSession')
    .set({ revokedAt: nowIso() })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .execute();
}

export async function staffEmployeeOf(db: DB, employeeId: number): Promise<StaffEmployee> {
  const e = await db
    .selectFrom('employee')
    .innerJoin('merchant', 'merchant.id', 'employee.merchantId')
    .innerJoin('shop', 'shop.id', 'employee.shopId')
    .select([
      'employee.id',
      'employee.name',
      'employee.phone',
      'employee.avatarUrl',
      'employee.shopId',
      'shop.name as shopName',
      'merchant.name as merchantName',
    ])
    .where('employee.id', '=', employeeId)
    .executeTakeFirst();
  if (!e) throw notFound('员工不存在');
  return {
    id: e.id,
    name: e.name,
    phoneMasked: maskPhone(e.phone),
    merchantName: e.merchantName,
    shopId: e.shopId,
    shopName: e.shopName,
    avatarUrl: e.avatarUrl,
  };
}

/** What the staff sign-in tells a phone that is no active employee's. */
export const NOT_STAFF = '该手机号不是在职员工，请联系门店确认';

export async function assertStaffPhone(db: DB, phone: string) {
  const e = await activeEmployeeByPhone(db, phone);
  if (!e) throw business(NOT_STAFF);
  return e;
}
