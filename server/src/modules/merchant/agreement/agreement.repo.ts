import {
  type Agreement,
  AGREEMENT_STATUS,
  type AgreementType,
  type AgreementVersion,
  type PendingAgreement,
  type Signature,
  type SignatureDetail,
} from '@jz/contracts/agreement';
import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import { nowIso } from '../../../lib/time.ts';
import './agreement.tables.ts';

// ---------------------------------------------------------------- platform side (every agreement)

type AdminFilter = { type?: AgreementType; title?: string; status?: number; pageNum: number; pageSize: number };

export function pageAgreements(db: DB, f: AdminFilter) {
  let q = db.selectFrom('agreement');
  if (f.type) q = q.where('type', '=', f.type);
  if (f.title) q = q.where('title', 'like', likeContains(f.title));
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  return paginate(
    q,
    (b) =>
      b
        .selectAll('agreement')
        .select((eb) =>
          eb
            .selectFrom('agreementSignature as s')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef('s.agreementId', '=', 'agreement.id')
            .whereRef('s.version', '=', 'agreement.currentVersion')
            .as('signedCount'),
        )
        .orderBy('id', 'desc'),
    f,
  ).then((p) => ({
    ...p,
    records: p.records.map((r) => ({ ...r, signedCount: Number(r.signedCount ?? 0) })),
  })) as Promise<{ records: Agreement[]; total: number }>;
}

export async function getAgreement(db: DB, id: number) {
  const a = await db.selectFrom('agreement').selectAll().where('id', '=', id).executeTakeFirst();
  if (!a) throw notFound('协议不存在');
  const versions = await db
    .selectFrom('agreementVersion')
    .select(['id', 'agreementId', 'version', 'content', 'remark', 'publishedAt'])
    .where('agreementId', '=', id)
    .orderBy('version', 'desc')
    .execute();
  return { ...(a as Agreement), versions: versions as AgreementVersion[] };
}

export async function addAgreement(
  db: DB,
  v: { type: AgreementType; title: string; mustSign: number; content: string },
  userId: number,
) {
  const now = nowIso();
  return db
    .insertInto('agreement')
    .values({
      ...v,
      status: AGREEMENT_STATUS.DRAFT,
      currentVersion: 0,
      publishedAt: null,
      createdBy: userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Edits the working draft and the attributes; published versions are never touched. */
export async function editAgreement(
  db: DB,
  id: number,
  v: Partial<{ type: AgreementType; title: string; mustSign: number; content: string }>,
) {
  const r = await db
    .updateTable('agreement')
    .set({ ...v, updatedAt: nowIso() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw notFound('协议不存在');
}

/**
 * Freezes the draft as the next version and makes it the one merchants sign (a withdrawn agreement whose draft equals
 * its current version is simply published again). One conditional update guards against a concurrent publish.
 * Answers the version and whether it is new (a new version asks merchants to sign again).
 */
export async function publishAgreement(db: DB, id: number, remark: string | undefined, userId: number) {
  return db.transaction().execute(async (trx) => {
    const a = await trx.selectFrom('agreement').selectAll().where('id', '=', id).executeTakeFirst();
    if (!a) throw notFound('协议不存在');
    if (!a.content.replace(/<[^>]*>|&nbsp;|\s/g, '')) throw business('协议内容为空，不能发布');
    const cur = a.currentVersion
      ? await trx
          .selectFrom('agreementVersion')
          .select('content')
          .where('agreementId', '=', id)
          .where('version', '=', a.currentVersion)
          .executeTakeFirst()
      : undefined;
    const now = nowIso();
    if (cur && cur.content === a.content) {
      if (a.status === AGREEMENT_STATUS.PUBLISHED)
        throw business(`内容与当前第 ${a.currentVersion} 版相同，无需发布新版本`);
      const r = await trx
        .updateTable('agreement')
        .set({ status: AGREEMENT_STATUS.PUBLISHED, updatedAt: now })
        .where('id', '=', id)
        .where('status', '=', a.status)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw business('协议状态已变化，请刷新后重试');
      return { agreement: a, version: a.currentVersion, isNew: false };
    }
    const version = a.currentVersion + 1;
    const r = await trx
      .updateTable('agreement')
      .set({ status: AGREEMENT_STATUS.PUBLISHED, currentVersion: version, publishedAt: now, updatedAt: now })
      .where('id', '=', id)
      .where('currentVersion', '=', a.currentVersion)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw business('协议已被他人发布，请刷新后重试');
    await trx
      .insertInto('agreementVersion')
      .values({
        agreementId: id,
        version,
        content: a.content,
        remark: remark || null,
        publishedBy: userId,
        publishedAt: now,
      })
      .execute();
    return { agreement: a, version, isNew: true };
  });
}

export async function withdrawAgreement(db: DB, id: number) {
  const r = await db
    .updateTable('agreement')
    .set({ status: AGREEMENT_STATUS.WITHDRAWN, updatedAt: nowIso() })
    .where('id', '=', id)
    .where('status', '=', AGREEMENT_STATUS.PUBLISHED)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 1) return;
  if (!(await db.selectFrom('agreement').select('id').where('id', '=', id).executeTakeFirst()))
    throw notFound('协议不存在');
  throw business('只有已发布的协议可以撤回');
}

/** Agreements someone signed keep their records: they can be withdrawn, not deleted. */
export async function deleteAgreements(db: DB, ids: number[]) {
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('agreement').select(['id', 'title']).where('id', 'in', ids).execute();
    if (found.length !== ids.length) throw notFound('部分协议不存在');
    const signed = await trx
      .selectFrom('agreementSignature')
      .select('agreementId')
      .where('agreementId', 'in', ids)
      .limit(1)
      .executeTakeFirst();
    if (signed)
      throw business(`《${found.find((f) => f.id === signed.agreementId)?.title}》已有商家签署，不能删除，请改为撤回`);
    await trx.deleteFrom('agreementVersion').where('agreementId', 'in', ids).execute();
    await trx.deleteFrom('agreement').where('id', 'in', ids).execute();
  });
}

// ---------------------------------------------------------------- signatures (merchant-scoped unless stated)

const signatureSelect = (db: DB) =>
  db
    .selectFrom('agreementSignature as s')
    .innerJoin('agreement as a', 'a.id', 's.agreementId')
    .innerJoin('user as u', 'u.id', 's.userId')
    .innerJoin('merchant as m', 'm.id', 's.merchantId');

const SIGNATURE_COLS = [
  's.id',
  's.agreementId',
  's.versionId',
  's.version',
  'a.type',
  'a.title',
  'a.mustSign',
  's.merchantId',
  'm.name as merchantName',
  's.userId',
  'u.nickName as userName',
  's.signerName',
  's.signedAt',
  's.ip',
] as const;

const isCurrent =
  sql<number>`case when s.version = a.current_version and a.status = ${sql.lit(AGREEMENT_STATUS.PUBLISHED)} then 1 else 0 end`.as(
    'isCurrent',
  );

export function pageMine(
  db: DB,
  merchantId: number,
  f: { type?: AgreementType; title?: string; pageNum: number; pageSize: number },
) {
  let q = signatureSelect(db).where('s.merchantId', '=', merchantId);
  if (f.type) q = q.where('a.type', '=', f.type);
  if (f.title) q = q.where('a.title', 'like', likeContains(f.title));
  return paginate(
    q,
    (b) =>
      b
        .select([...SIGNATURE_COLS, isCurrent])
        .orderBy('s.signedAt', 'desc')
        .orderBy('s.id', 'desc'),
    f,
  ) as Promise<{
    records: Signature[];
    total: number;
  }>;
}

export function pageSignaturesAdmin(
  db: DB,
  f: { agreementId?: number; merchantName?: string; pageNum: number; pageSize: number },
) {
  let q = signatureSelect(db);
  if (f.agreementId) q = q.where('s.agreementId', '=', f.agreementId);
  if (f.merchantName) q = q.where('m.name', 'like', likeContains(f.merchantName));
  return paginate(q, (b) => b.select([...SIGNATURE_COLS, isCurrent]).orderBy('s.id', 'desc'), f) as Promise<{
    records: Signature[];
    total: number;
  }>;
}

/** The signed text exactly as signed (the version row is immutable), with the record. Another merchant's id: 2002. */
export async function signatureDetail(db: DB, merchantId: number, id: number): Promise<SignatureDetail> {
  const row = await signatureSelect(db)
    .innerJoin('agreementVersion as v', 'v.id', 's.versionId')
    .select([...SIGNATURE_COLS, isCurrent, 'v.content', 'v.publishedAt', 's.userAgent'])
    .where('s.id', '=', id)
    .where('s.merchantId', '=', merchantId)
    .executeTakeFirst();
  if (!row) throw notFound('签署记录不存在');
  return row as SignatureDetail;
}

/** Published agreements whose current version the merchant has not signed yet, must-sign first. */
export async function pendingFor(db: DB, merchantId: number): Promise<PendingAgreement[]> {
  const rows = await db
    .selectFrom('agreement as a')
    .innerJoin('agreementVersion as v', (j) =>
      j.onRef('v.agreementId', '=', 'a.id').onRef('v.version', '=', 'a.currentVersion'),
    )
    .leftJoin('agreementSignature as s', (j) =>
      j
        .onRef('s.agreementId', '=', 'a.id')
        .onRef('s.version', '=', 'a.currentVersion')
        .on('s.merchantId', '=', merchantId),
    )
    .select((eb) => [
      'a.id',
      'a.type',
      'a.title',
      'a.mustSign',
      'a.currentVersion as version',
      'v.id as versionId',
      'v.content',
      'v.publishedAt',
      eb
        .selectFrom('agreementSignature as p')
        .select((e) => e.fn.max('p.version').as('mv'))
        .whereRef('p.agreementId', '=', 'a.id')
        .where('p.merchantId', '=', merchantId)
        .as('signedVersion'),
    ])
    .where('a.status', '=', AGREEMENT_STATUS.PUBLISHED)
    .where('s.id', 'is', null)
    .orderBy('a.mustSign', 'desc')
    .orderBy('a.id')
    .execute();
  return rows.map((r) => ({
    ...r,
    signedVersion: r.signedVersion === null || r.signedVersion === undefined ? null : Number(r.signedVersion),
  })) as PendingAgreement[];
}

/**
 * Signs the agreement's current version for the merchant. Idempotent: the unique (agreement, version, merchant) key
 * makes a repeated or concurrent sign keep the first record, which every caller gets back.
 */
export async function sign(
  db: DB,
  t: { merchantId: number; userId: number },
  v: { id: number; signerName: string; version?: number },
  client: { ip: string | null; userAgent: string | null },
) {
  const a = await db
    .selectFrom('agreement')
    .select(['id', 'title', 'status', 'currentVersion'])
    .where('id', '=', v.id)
    .executeTakeFirst();
  if (!a || a.status !== AGREEMENT_STATUS.PUBLISHED || !a.currentVersion) throw notFound('协议不存在或已撤回');
  if (v.version !== undefined && v.version !== a.currentVersion)
    throw business(`《${a.title}》已更新为第 ${a.currentVersion} 版，请重新阅读后签署`);
  const ver = await db
    .selectFrom('agreementVersion')
    .select('id')
    .where('agreementId', '=', a.id)
    .where('version', '=', a.currentVersion)
    .executeTakeFirstOrThrow();
  const r = await db
    .insertInto('agreementSignature')
    .values({
      agreementId: a.id,
      versionId: ver.id,
      version: a.currentVersion,
      merchantId: t.merchantId,
      userId: t.userId,
      signerName: v.signerName,
      signedAt: nowIso(),
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
    })
    .onConflict((oc) => oc.columns(['agreementId', 'version', 'merchantId']).doNothing())
    .executeTakeFirst();
  const rec = await db
    .selectFrom('agreementSignature')
    .select('id')
    .where('agreementId', '=', a.id)
    .where('version', '=', a.currentVersion)
    .where('merchantId', '=', t.merchantId)
    .executeTakeFirstOrThrow();
  return {
    record: await signatureDetail(db, t.merchantId, rec.id),
    created: Number(r.numInsertedOrUpdatedRows ?? 0) === 1,
  };
}

/** The must-sign agreements the merchant has not signed in their current version. */
export async function unsignedMustSign(db: DB, merchantId: number) {
  return (await pendingFor(db, merchantId))
    .filter((p) => p.mustSign === 1)
    .map((p) => ({ id: p.id, title: p.title, version: p.version }));
}
