import { JINJIAN_STATUS } from '@jz/contracts/jinjian';
import type { DB } from '../../../db/client.ts';
import { open, seal } from '../../../lib/secret-box.ts';
import type { SecretField } from '../../../lib/secret-rotate.ts';
import { nowIso } from '../../../lib/time.ts';
import type { JinjianApplicationTable } from './jinjian.tables.ts';
import './jinjian.tables.ts';

/** Rows as the service sees them: `detail` opened (clear JSON). */
export type ApplicationRow = Omit<JinjianApplicationTable, 'id'> & { id: number };

/**
 * The submission at rest (ID, card and phone numbers inside): sealed whole (AES-256-GCM, lib/secret-box.ts). Sealed
 * by sealDetail, opened by opened(): the one place for this table. No lookup needs it, so it has no hash.
 */
export const DETAIL_FIELD: SecretField = {
  table: 'jinjianApplication',
  column: 'detail',
  purpose: 'jinjianApplication.detail',
};
export const sealDetail = (json: string) => seal(DETAIL_FIELD.purpose, json);
const opened = (row: ApplicationRow | undefined): ApplicationRow | undefined =>
  row && { ...row, detail: open(DETAIL_FIELD.purpose, row.detail, { table: DETAIL_FIELD.table, id: row.id }) };

/** The merchant's latest application (the active one if any: at most one is 审核中 or 已开通). */
export async function latest(db: DB, merchantId: number): Promise<ApplicationRow | undefined> {
  return opened(
    await db
      .selectFrom('jinjianApplication')
      .selectAll()
      .where('merchantId', '=', merchantId)
      .orderBy('id', 'desc')
      .executeTakeFirst(),
  );
}

export async function byId(db: DB, merchantId: number, id: number): Promise<ApplicationRow | undefined> {
  return opened(
    await db
      .selectFrom('jinjianApplication')
      .selectAll()
      .where('merchantId', '=', merchantId)
      .where('id', '=', id)
      .executeTakeFirst(),
  );
}

/**
 * Inserts a 审核中 application (`detail` given clear, stored sealed); the partial unique index refuses a second active
 * one (answers undefined then).
 */
export async function insertPending(
  db: DB,
  v: Pick<ApplicationRow, 'merchantId' | 'kind' | 'provider' | 'applyNo' | 'subjectName' | 'detail' | 'submittedBy'>,
): Promise<number | undefined> {
  const now = nowIso();
  try {
    const r = await db
      .insertInto('jinjianApplication')
      .values({
        ...v,
        detail: sealDetail(v.detail),
        status: JINJIAN_STATUS.PENDING,
        providerMerchantNo: null,
        rejectReason: null,
        submittedAt: now,
        approvedAt: null,
        rejectedAt: null,
        cardBound: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  } catch (err) {
    if (/unique|duplicate/i.test((err as Error).message)) return undefined;
    throw err;
  }
}

export async function deleteApplication(db: DB, merchantId: number, id: number) {
  await db.deleteFrom('jinjianApplication').where('merchantId', '=', merchantId).where('id', '=', id).execute();
}

export async function setProviderMerchantNo(db: DB, id: number, no: string) {
  await db
    .updateTable('jinjianApplication')
    .set({ providerMerchantNo: no, updatedAt: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** 审核中 -> 已开通, once: answers false when another call got there first. */
export async function markApproved(db: DB, id: number, providerMerchantNo: string | null): Promise<boolean> {
  const now = nowIso();
  const r = await db
    .updateTable('jinjianApplication')
    .set({
      status: JINJIAN_STATUS.APPROVED,
      approvedAt: now,
      updatedAt: now,
      ...(providerMerchantNo ? { providerMerchantNo } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', JINJIAN_STATUS.PENDING)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** 审核中 -> 已驳回, once. */
export async function markRejected(
  db: DB,
  id: number,
  reason: string,
  providerMerchantNo?: string | null,
): Promise<boolean> {
  const now = nowIso();
  const r = await db
    .updateTable('jinjianApplication')
    .set({
      status: JINJIAN_STATUS.REJECTED,
      rejectReason: reason.slice(0, 500),
      rejectedAt: now,
      updatedAt: now,
      ...(providerMerchantNo ? { providerMerchantNo } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', JINJIAN_STATUS.PENDING)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** card_bound 0 -> 1, once. */
export async function markCardBound(db: DB, id: number): Promise<boolean> {
  const r = await db
    .updateTable('jinjianApplication')
    .set({ cardBound: 1, updatedAt: nowIso() })
    .where('id', '=', id)
    .where('cardBound', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
