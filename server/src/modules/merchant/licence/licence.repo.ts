import {
  EXPIRING_DAYS,
  type ExpiryState,
  type Licence,
  type LicenceExpiring,
  LICENCE_AUDIT_STATUS,
} from '@jz/contracts/licence';
import type { Selectable } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { dayjs, nowIso, TZ } from '../../../lib/time.ts';
import { sendAuditMessage } from './licence.notice.ts';
import type { LicenceTable } from './licence.tables.ts';
import './licence.tables.ts';

/** Today and today + 30 days as YYYY-MM-DD in Shanghai. */
const today = () => dayjs().tz(TZ).format('YYYY-MM-DD');
const horizon = () => dayjs().tz(TZ).add(EXPIRING_DAYS, 'day').format('YYYY-MM-DD');

function expiryOf(validTo: string | null): { expiry: ExpiryState; daysLeft: number | null } {
  if (!validTo) return { expiry: 'longTerm', daysLeft: null };
  const daysLeft = dayjs.tz(validTo, TZ).diff(dayjs.tz(today(), TZ), 'day');
  return { expiry: daysLeft < 0 ? 'expired' : daysLeft <= EXPIRING_DAYS ? 'expiring' : 'ok', daysLeft };
}

/** `expiryNotice` is the reminder job's bookkeeping (licence.notice.ts), not part of the answer. */
const toLicence = ({ expiryNotice: _, ...r }: Selectable<LicenceTable> & { merchantName?: string }): Licence => ({
  ...r,
  ...expiryOf(r.validTo),
});

type Filter = {
  pageNum: number;
  pageSize: number;
  kind?: string;
  auditStatus?: number;
  expiry?: 'expiring' | 'expired';
  merchantName?: string;
};

function filtered(db: DB, f: Filter, merchantId?: number) {
  let q = db.selectFrom('licence').innerJoin('merchant', 'merchant.id', 'licence.merchantId');
  if (merchantId !== undefined) q = q.where('licence.merchantId', '=', merchantId);
  if (f.kind) q = q.where('licence.kind', '=', f.kind);
  if (f.auditStatus !== undefined) q = q.where('licence.auditStatus', '=', f.auditStatus);
  if (f.expiry === 'expired') q = q.where('licence.validTo', '<', today());
  if (f.expiry === 'expiring') q = q.where('licence.validTo', '<=', horizon());
  if (f.merchantName) q = q.where('merchant.name', 'like', likeContains(f.merchantName));
  return q;
}

export async function pageLicences(db: DB, f: Filter, merchantId?: number) {
  const page = await paginate(
    filtered(db, f, merchantId),
    (q) => q.selectAll('licence').select('merchant.name as merchantName').orderBy('licence.id', 'desc'),
    f,
  );
  return { total: page.total, records: page.records.map(toLicence) };
}

async function own(db: DB, t: Pick<Tenant, 'merchantId'>, id: number) {
  const row = await db
    .selectFrom('licence')
    .selectAll()
    .where('id', '=', id)
    .where('merchantId', '=', t.merchantId)
    .executeTakeFirst();
  if (!row) throw notFound('证照不存在');
  return row;
}

export const licenceDetail = async (db: DB, t: Pick<Tenant, 'merchantId'>, id: number) =>
  toLicence(await own(db, t, id));

type Input = {
  kind: string;
  name?: string;
  number: string;
  imageUrl: string;
  validFrom?: string;
  validTo?: string;
};

export async function addLicence(db: DB, t: Pick<Tenant, 'merchantId'>, v: Input) {
  const now = nowIso();
  return db
    .insertInto('licence')
    .values({
      merchantId: t.merchantId,
      kind: v.kind,
      name: v.name ?? null,
      number: v.number,
      imageUrl: v.imageUrl,
      validFrom: v.validFrom ?? null,
      validTo: v.validTo ?? null,
      auditStatus: LICENCE_AUDIT_STATUS.PENDING,
      auditReason: null,
      auditedAt: null,
      auditedBy: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** An edit goes back to 待审核: the platform must look at the new content. */
export async function editLicence(db: DB, t: Pick<Tenant, 'merchantId'>, id: number, v: Input) {
  const cur = await own(db, t, id);
  // A new validity date starts the expiry reminders over (licence.notice.ts).
  const renewed = (v.validTo ?? null) !== cur.validTo;
  await db
    .updateTable('licence')
    .set({
      kind: v.kind,
      name: v.name ?? null,
      number: v.number,
      imageUrl: v.imageUrl,
      validFrom: v.validFrom ?? null,
      validTo: v.validTo ?? null,
      auditStatus: LICENCE_AUDIT_STATUS.PENDING,
      auditReason: null,
      auditedAt: null,
      auditedBy: null,
      ...(renewed ? { expiryNotice: null } : {}),
      updatedAt: nowIso(),
    })
    .where('id', '=', id)
    .where('merchantId', '=', t.merchantId)
    .execute();
}

export async function deleteLicences(db: DB, t: Pick<Tenant, 'merchantId'>, ids: number[]) {
  await db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('licence')
      .select('id')
      .where('id', 'in', ids)
      .where('merchantId', '=', t.merchantId)
      .execute();
    if (found.length !== ids.length) throw notFound('证照不存在');
    await trx.deleteFrom('licence').where('id', 'in', ids).where('merchantId', '=', t.merchantId).execute();
  });
}

/** The landing page's reminder: licences expiring within 30 days, and expired ones. */
export async function expiring(db: DB, t: Pick<Tenant, 'merchantId'>): Promise<LicenceExpiring> {
  const rows = await db
    .selectFrom('licence')
    .select(['id', 'kind', 'name', 'number', 'validTo'])
    .where('merchantId', '=', t.merchantId)
    .where('validTo', 'is not', null)
    .where('validTo', '<=', horizon())
    .orderBy('validTo')
    .execute();
  const items = rows.map((r) => ({ ...r, validTo: r.validTo as string, daysLeft: expiryOf(r.validTo).daysLeft ?? 0 }));
  return {
    expired: items.filter((i) => i.daysLeft < 0).length,
    expiring: items.filter((i) => i.daysLeft >= 0).length,
    items: items.slice(0, 10),
  };
}

/**
 * Platform audit: only a 待审核 licence can be decided, once (a concurrent second decision loses with 2004). The
 * merchant's users hear of the decision by message, in the same transaction.
 */
export async function audit(db: DB, adminId: number, v: { id: number; auditStatus: number; auditReason?: string }) {
  await db.transaction().execute(async (trx) => {
    await decide(trx, adminId, v);
    await sendAuditMessage(trx, v.id);
  });
}

async function decide(db: DB, adminId: number, v: { id: number; auditStatus: number; auditReason?: string }) {
  const r = await db
    .updateTable('licence')
    .set({
      auditStatus: v.auditStatus,
      auditReason: v.auditStatus === LICENCE_AUDIT_STATUS.REJECTED ? (v.auditReason ?? null) : null,
      auditedAt: nowIso(),
      auditedBy: adminId,
      updatedAt: nowIso(),
    })
    .where('id', '=', v.id)
    .where('auditStatus', '=', LICENCE_AUDIT_STATUS.PENDING)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 1) return;
  const exists = await db.selectFrom('licence').select('id').where('id', '=', v.id).executeTakeFirst();
  if (!exists) throw notFound('证照不存在');
  throw business('该证照已审核，请刷新后查看');
}

export async function auditDetail(db: DB, id: number) {
  const row = await db
    .selectFrom('licence')
    .innerJoin('merchant', 'merchant.id', 'licence.merchantId')
    .selectAll('licence')
    .select('merchant.name as merchantName')
    .where('licence.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('证照不存在');
  return toLicence(row);
}
