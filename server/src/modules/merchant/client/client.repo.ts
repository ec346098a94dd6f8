import type { BodyOf, QueryOf } from '@jz/contracts/contract';
import type { clientApi } from '@jz/contracts/api/client';
import { CARD_STATUS } from '@jz/contracts/card';
import {
  type ClientAddress,
  type ClientAddressInput,
  type ClientCardBalance,
  type ClientDetail,
  type ClientRow,
  MAX_CLIENT_ADDRESSES,
} from '@jz/contracts/client';
import { ORDER_STATUS } from '@jz/contracts/order';
import { type ExpressionBuilder, sql } from 'kysely';
import type { DB, Trx } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import { shopsFilter, type Tenant } from '../../../lib/tenant.ts';
import { nowIso } from '../../../lib/time.ts';
import { hasPerm } from '../../../plugins/auth.ts';
import { addressValues } from './client-address.ts';
import { addressNotesLine } from './client-notes.ts';
import { masks, openAccess, openAddress, openPhone, phoneColumns, phoneHashes } from './client-secrets.ts';
import './client.tables.ts';
import '../card/card.tables.ts';

/**
 * Customer records (客户档案, docs/customers.md). Every query names the caller's merchant; a shop-limited sub-account
 * sees the clients created at its shops or with an order at its shops (visible()), and their orders and figures at
 * its shops only. Another merchant's (or an invisible) record is 2002 客户不存在.
 */

/** Paid orders that count (not cancelled: a cancelled order was refunded). */
const COUNTED = [
  ORDER_STATUS.WAITING,
  ORDER_STATUS.TO_SERVE,
  ORDER_STATUS.SERVING,
  ORDER_STATUS.DONE,
  ORDER_STATUS.REVIEWED,
];
const IN_PROGRESS = [ORDER_STATUS.WAITING, ORDER_STATUS.TO_SERVE, ORDER_STATUS.SERVING];
/** The longest address search scans this many addresses (sealed: searched after opening, docs/customers.md). */
const ADDRESS_SCAN_LIMIT = 20_000;
export const EXPORT_LIMIT = 5000;

/** Whether the caller sees phones and addresses whole (查看完整信息). */
export const seesFull = (t: Tenant) => hasPerm(t.user, 'merchant:client:full');

/** The shop-limit rule, in the query: created at one of its shops, or an order at one of them. */
function visible(t: Tenant, shops: number[]) {
  return (eb: ExpressionBuilder<Database, 'client'>) =>
    eb.or([
      eb('client.shopId', 'in', shops),
      eb.exists(
        eb
          .selectFrom('serviceOrder')
          .select(sql`1`.as('x'))
          .whereRef('serviceOrder.clientId', '=', 'client.id')
          .where('serviceOrder.merchantId', '=', t.merchantId)
          .where('serviceOrder.shopId', 'in', shops),
      ),
    ]);
}

const liveClients = (db: DB | Trx, t: Tenant) => {
  const shops = shopsFilter(t);
  return db
    .selectFrom('client')
    .where('client.merchantId', '=', t.merchantId)
    .where('client.deletedAt', 'is', null)
    .$if(shops !== null, (q) => q.where(visible(t, shops!)));
};

/** The caller's live, visible client, else 2002. */
export async function ownClient(db: DB | Trx, t: Tenant, id: number) {
  const c = await liveClients(db, t).selectAll('client').where('client.id', '=', id).executeTakeFirst();
  if (!c) throw notFound('客户不存在');
  return c;
}

/** Client ids whose (opened) addresses contain the text: sealed values cannot be searched in SQL. */
async function idsByAddress(db: DB, t: Tenant, text: string) {
  const rows = await db
    .selectFrom('clientAddress')
    .select(['id', 'clientId', 'detail'])
    .where('merchantId', '=', t.merchantId)
    .where('deletedAt', 'is', null)
    .orderBy('id', 'desc')
    .limit(ADDRESS_SCAN_LIMIT)
    .execute();
  const needle = text.replace(/\s+/g, '');
  const ids = new Set<number>();
  for (const r of rows) if (openAddress(r.detail, r.id).replace(/\s+/g, '').includes(needle)) ids.add(r.clientId);
  return [...ids];
}

async function filtered(db: DB, t: Tenant, q: Omit<QueryOf<typeof clientApi.page>, 'pageNum' | 'pageSize'>) {
  let base = liveClients(db, t);
  if (q.name) base = base.where('client.name', 'like', likeContains(q.name));
  if (q.phone)
    base =
      q.phone.length === 4
        ? base.where('client.phoneTail', '=', q.phone)
        : base.where('client.phoneHash', 'in', phoneHashes(q.phone));
  if (q.tag) base = base.where('client.tags', 'like', likeContains(JSON.stringify(q.tag)));
  if (q.address) {
    const ids = await idsByAddress(db, t, q.address);
    base = base.where('client.id', 'in', ids.length ? ids : [-1]);
  }
  return base;
}

type ClientRowDb = {
  id: number;
  name: string;
  phone: string;
  tags: string;
  source: 'order' | 'manual';
  shopId: number | null;
  shopName: string | null;
  createdAt: string;
};

/**
 * The valid cards of these clients at the caller's shops, in one grouped query: count, 次卡 visits left, 储值卡 value
 * left (cash + bonus). A card past its expiry that the expiry job has not closed yet no longer counts.
 */
async function cardBalances(db: DB, t: Tenant, ids: number[]) {
  const shops = shopsFilter(t);
  const rows = await db
    .selectFrom('card')
    .select([
      'card.clientId',
      sql<number>`count(*)`.as('cards'),
      sql<number>`coalesce(sum(case when card.kind = 'times' then card.remaining_visits else 0 end), 0)`.as('visits'),
      sql<number>`coalesce(sum(case when card.kind = 'value' then card.cash_balance + card.bonus_balance else 0 end), 0)`.as(
        'value',
      ),
    ])
    .where('card.merchantId', '=', t.merchantId)
    .where('card.clientId', 'in', ids)
    .where('card.status', '=', CARD_STATUS.ACTIVE)
    .where('card.expiresAt', '>', nowIso())
    .$if(shops !== null, (q) => q.where('card.shopId', 'in', shops!))
    .groupBy('card.clientId')
    .execute();
  return new Map<number, ClientCardBalance>(
    rows.map((r) => [r.clientId, { cards: Number(r.cards), visits: Number(r.visits), value: Number(r.value) }]),
  );
}

/** Order figures over the caller's shops, the default address and the card balances, for a page of clients. */
async function rowsOf(db: DB, t: Tenant, rows: ClientRowDb[]): Promise<ClientRow[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const shops = shopsFilter(t);
  const [figures, addresses, cards] = await Promise.all([
    db
      .selectFrom('serviceOrder')
      // A card-paid order spent the card cash its redemption used (at most one: unique index), not its list price:
      // the card's money was paid at its sale, and a bonus is no spending (as 运营数据's CASH, docs/ledger.md).
      .leftJoin('cardMovement as cm', (j) => j.onRef('cm.orderId', '=', 'serviceOrder.id').on('cm.kind', '=', 'redeem'))
      .select((eb) => [
        'serviceOrder.clientId',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>(sql`coalesce(-${eb.ref('cm.cashDelta')}, ${eb.ref('serviceOrder.payAmount')})`).as('spent'),
        eb.fn.max('serviceOrder.createdAt').as('last'),
      ])
      .where('serviceOrder.merchantId', '=', t.merchantId)
      .where('serviceOrder.clientId', 'in', ids)
      .where('serviceOrder.status', 'in', COUNTED)
      .$if(shops !== null, (q) => q.where('serviceOrder.shopId', 'in', shops!))
      .groupBy('serviceOrder.clientId')
      .execute(),
    db
      .selectFrom('clientAddress')
      .select(['id', 'clientId', 'detail'])
      .where('merchantId', '=', t.merchantId)
      .where('clientId', 'in', ids)
      .where('deletedAt', 'is', null)
      .orderBy('isDefault', 'desc')
      .orderBy('id')
      .execute(),
    cardBalances(db, t, ids),
  ]);
  const fig = new Map(figures.map((f) => [f.clientId as number, f]));
  // A shop-limited caller sees a record made at another shop when it ordered at one of its shops (visible()): the
  // record is shared, its making shop is not the caller's to see (docs/customers.md "Shop-limited sub-accounts").
  const madeAtOwn = (r: ClientRowDb) => shops === null || (r.shopId !== null && shops.includes(r.shopId));
  const addr = new Map<number, { id: number; detail: string }>();
  for (const a of addresses) if (!addr.has(a.clientId)) addr.set(a.clientId, a);
  const full = seesFull(t);
  return rows.map((r) => {
    const phone = openPhone(r.phone, r.id);
    const a = addr.get(r.id);
    const address = a ? openAddress(a.detail, a.id) : null;
    const f = fig.get(r.id);
    return {
      id: r.id,
      name: r.name,
      phone: full ? phone : masks.phone(phone),
      masked: !full,
      tags: JSON.parse(r.tags) as string[],
      source: r.source,
      shopId: madeAtOwn(r) ? r.shopId : null,
      shopName: madeAtOwn(r) ? r.shopName : null,
      defaultAddress: address === null ? null : full ? address : masks.address(address),
      orderCount: Number(f?.n ?? 0),
      totalSpent: Number(f?.spent ?? 0),
      lastOrderAt: (f?.last as string | null) ?? null,
      cardBalance: cards.get(r.id) ?? null,
      createdAt: r.createdAt,
    };
  });
}

const rowColumns = (q: ReturnType<typeof liveClients>) =>
  q
    .leftJoin('shop', 'shop.id', 'client.shopId')
    .select([
      'client.id',
      'client.name',
      'client.phone',
      'client.tags',
      'client.source',
      'client.shopId',
      'shop.name as shopName',
      'client.createdAt',
    ]);

export async function page(db: DB, t: Tenant, q: QueryOf<typeof clientApi.page>) {
  const base = await filtered(db, t, q);
  const p = await paginate(
    base,
    (b) => rowColumns(b as ReturnType<typeof liveClients>).orderBy('client.id', 'desc'),
    q,
  );
  return { records: await rowsOf(db, t, p.records as ClientRowDb[]), total: p.total };
}

export async function exportRows(db: DB, t: Tenant, q: Omit<QueryOf<typeof clientApi.page>, 'pageNum' | 'pageSize'>) {
  const base = await filtered(db, t, q);
  const rows = await rowColumns(base).orderBy('client.id', 'desc').limit(EXPORT_LIMIT).execute();
  return rowsOf(db, t, rows as ClientRowDb[]);
}

function addressView(a: Awaited<ReturnType<typeof addressesOf>>[number], full: boolean): ClientAddress {
  const detail = openAddress(a.detail, a.id);
  const access = openAccess(a.accessNotes, a.id);
  return {
    id: a.id,
    label: a.label,
    provinceCode: a.provinceCode,
    cityCode: a.cityCode,
    districtCode: a.districtCode,
    detail: full ? detail : masks.address(detail),
    areaM2: a.areaM2,
    layout: a.layout,
    floor: a.floor,
    hasLift: a.hasLift,
    pets: a.pets,
    accessNotes: full ? access : null,
    lat: full ? a.lat : null,
    lng: full ? a.lng : null,
    isDefault: a.isDefault === 1,
    notesLine: addressNotesLine({ ...a, accessNotes: full ? access : null }),
  };
}

const addressesOf = (db: DB | Trx, merchantId: number, clientId: number) =>
  db
    .selectFrom('clientAddress')
    .selectAll()
    .where('merchantId', '=', merchantId)
    .where('clientId', '=', clientId)
    .where('deletedAt', 'is', null)
    .orderBy('isDefault', 'desc')
    .orderBy('id')
    .execute();

export async function detail(db: DB, t: Tenant, id: number): Promise<ClientDetail> {
  const c = await ownClient(db, t, id);
  const [rows, addresses, prefs, notes] = await Promise.all([
    rowColumns(liveClients(db, t).where('client.id', '=', id)).execute(),
    addressesOf(db, t.merchantId, id),
    db
      .selectFrom('clientEmployeePref')
      .innerJoin('employee', 'employee.id', 'clientEmployeePref.employeeId')
      .select(['clientEmployeePref.employeeId', 'employee.name as employeeName', 'clientEmployeePref.kind'])
      .where('clientEmployeePref.clientId', '=', id)
      .where('clientEmployeePref.merchantId', '=', t.merchantId)
      .where('employee.merchantId', '=', t.merchantId)
      .orderBy('clientEmployeePref.id')
      .execute(),
    db
      .selectFrom('clientNote')
      .select(['id', 'authorName', 'text', 'createdAt'])
      .where('clientId', '=', id)
      .where('merchantId', '=', t.merchantId)
      .orderBy('id', 'desc')
      .limit(200)
      .execute(),
  ]);
  const [row] = await rowsOf(db, t, rows as ClientRowDb[]);
  const full = seesFull(t);
  return {
    ...row,
    customerId: c.customerId,
    remark: c.remark,
    addresses: addresses.map((a) => addressView(a, full)),
    prefs,
    notes,
    updatedAt: c.updatedAt,
  };
}

/** The client's orders (at the caller's shops), newest first. */
export async function orders(db: DB, t: Tenant, q: QueryOf<typeof clientApi.orders>) {
  await ownClient(db, t, q.id);
  const shops = shopsFilter(t);
  const base = db
    .selectFrom('serviceOrder')
    .where('serviceOrder.merchantId', '=', t.merchantId)
    .where('serviceOrder.clientId', '=', q.id)
    .$if(shops !== null, (b) => b.where('serviceOrder.shopId', 'in', shops!));
  return paginate(
    base,
    (b) =>
      b
        .leftJoin('shop', 'shop.id', 'serviceOrder.shopId')
        .leftJoin('employee', 'employee.id', 'serviceOrder.employeeId')
        .select([
          'serviceOrder.id',
          'serviceOrder.orderNo',
          'shop.name as shopName',
          'serviceOrder.goodsName',
          'serviceOrder.specName',
          'serviceOrder.status',
          'serviceOrder.payAmount',
          'serviceOrder.appointmentAt',
          'employee.name as employeeName',
          'serviceOrder.createdAt',
        ])
        .orderBy('serviceOrder.id', 'desc'),
    q,
  );
}

/** The reviews the client gave on its orders (at the caller's shops). */
export async function reviews(db: DB, t: Tenant, q: QueryOf<typeof clientApi.reviews>) {
  await ownClient(db, t, q.id);
  const shops = shopsFilter(t);
  const base = db
    .selectFrom('review')
    .innerJoin('serviceOrder', 'serviceOrder.id', 'review.orderId')
    .where('review.merchantId', '=', t.merchantId)
    .where('serviceOrder.merchantId', '=', t.merchantId)
    .where('serviceOrder.clientId', '=', q.id)
    .$if(shops !== null, (b) => b.where('serviceOrder.shopId', 'in', shops!));
  return paginate(
    base,
    (b) =>
      b
        .select([
          'review.id',
          'review.orderId',
          'serviceOrder.orderNo',
          'serviceOrder.goodsName',
          'review.rating',
          'review.content',
          'review.createdAt',
        ])
        .orderBy('review.id', 'desc'),
    q,
  );
}

/** 2004 when another live record of the merchant has this phone (a customer is one record per merchant). */
async function assertPhoneFree(db: DB | Trx, t: Tenant, phone: string, exceptId?: number) {
  const other = await db
    .selectFrom('client')
    .select(['id', 'name'])
    .where('merchantId', '=', t.merchantId)
    .where('deletedAt', 'is', null)
    .where('phoneHash', 'in', phoneHashes(phone))
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirst();
  if (other) throw business(`手机号 ${phone} 已有客户档案（${other.name}）`);
}

async function insertAddress(trx: Trx, t: Tenant, clientId: number, a: ClientAddressInput, now: string) {
  const existing = await trx
    .selectFrom('clientAddress')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('clientId', '=', clientId)
    .where('deletedAt', 'is', null)
    .executeTakeFirstOrThrow();
  const n = Number(existing.n);
  if (n >= MAX_CLIENT_ADDRESSES) throw business(`每位客户最多 ${MAX_CLIENT_ADDRESSES} 个地址`);
  const isDefault = n === 0 || a.isDefault === 1 ? 1 : 0;
  if (isDefault) await clearDefault(trx, clientId);
  const r = await trx
    .insertInto('clientAddress')
    .values({
      clientId,
      merchantId: t.merchantId,
      ...addressValues(a),
      isDefault,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

const clearDefault = (trx: Trx, clientId: number) =>
  trx.updateTable('clientAddress').set({ isDefault: 0 }).where('clientId', '=', clientId).execute();

export async function add(db: DB, t: Tenant, b: BodyOf<typeof clientApi.add>) {
  return db.transaction().execute(async (trx) => {
    await assertPhoneFree(trx, t, b.phone);
    const now = nowIso();
    const { id } = await trx
      .insertInto('client')
      .values({
        merchantId: t.merchantId,
        shopId: t.shopId,
        customerId: null,
        name: b.name,
        ...phoneColumns(b.phone),
        tags: JSON.stringify(b.tags ?? []),
        source: 'manual',
        remark: b.remark ?? null,
        createdBy: t.user.id,
        anonymisedAt: null,
        deletedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (b.address) await insertAddress(trx, t, id, b.address, now);
    return { id };
  });
}

export async function edit(db: DB, t: Tenant, b: BodyOf<typeof clientApi.edit>) {
  await db.transaction().execute(async (trx) => {
    await ownClient(trx, t, b.id);
    if (b.phone) await assertPhoneFree(trx, t, b.phone, b.id);
    await trx
      .updateTable('client')
      .set({
        ...(b.name !== undefined ? { name: b.name } : {}),
        ...(b.phone ? phoneColumns(b.phone) : {}),
        ...(b.tags !== undefined ? { tags: JSON.stringify(b.tags) } : {}),
        ...(b.remark !== undefined ? { remark: b.remark || null } : {}),
        updatedAt: nowIso(),
      })
      .where('id', '=', b.id)
      .where('merchantId', '=', t.merchantId)
      .execute();
  });
}

export async function addAddress(db: DB, t: Tenant, b: BodyOf<typeof clientApi.addAddress>) {
  return db.transaction().execute(async (trx) => {
    await ownClient(trx, t, b.clientId);
    const now = nowIso();
    await trx.updateTable('client').set({ updatedAt: now }).where('id', '=', b.clientId).execute();
    return { id: await insertAddress(trx, t, b.clientId, b, now) };
  });
}

/** The caller's live address of a visible client, else 2002 地址不存在. */
async function ownAddress(trx: Trx, t: Tenant, id: number) {
  const a = await trx
    .selectFrom('clientAddress')
    .select(['id', 'clientId', 'isDefault'])
    .where('id', '=', id)
    .where('merchantId', '=', t.merchantId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!a) throw notFound('地址不存在');
  await ownClient(trx, t, a.clientId).catch(() => {
    throw notFound('地址不存在');
  });
  return a;
}

export async function editAddress(db: DB, t: Tenant, b: BodyOf<typeof clientApi.editAddress>) {
  await db.transaction().execute(async (trx) => {
    const a = await ownAddress(trx, t, b.id);
    const isDefault = b.isDefault === 1 ? 1 : b.isDefault === 0 ? 0 : a.isDefault;
    if (isDefault && !a.isDefault) await clearDefault(trx, a.clientId);
    await trx
      .updateTable('clientAddress')
      .set({ ...addressValues(b), isDefault, updatedAt: nowIso() })
      .where('id', '=', a.id)
      .execute();
  });
}

/** Soft: orders name the address (client_address_id). The next address becomes the default. */
export async function removeAddress(db: DB, t: Tenant, id: number) {
  await db.transaction().execute(async (trx) => {
    const a = await ownAddress(trx, t, id);
    const now = nowIso();
    await trx
      .updateTable('clientAddress')
      .set({ deletedAt: now, isDefault: 0, updatedAt: now })
      .where('id', '=', a.id)
      .execute();
    if (a.isDefault) {
      const next = await trx
        .selectFrom('clientAddress')
        .select('id')
        .where('clientId', '=', a.clientId)
        .where('deletedAt', 'is', null)
        .orderBy('id')
        .executeTakeFirst();
      if (next) await trx.updateTable('clientAddress').set({ isDefault: 1 }).where('id', '=', next.id).execute();
    }
  });
}

export async function addNote(db: DB, t: Tenant, b: BodyOf<typeof clientApi.addNote>) {
  await ownClient(db, t, b.clientId);
  const r = await db
    .insertInto('clientNote')
    .values({
      clientId: b.clientId,
      merchantId: t.merchantId,
      authorId: t.user.id,
      authorName: t.user.nickName || t.user.loginName,
      text: b.text,
      createdAt: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: r.id };
}

/**
 * Replaces the client's 偏好 / 不派 lists. A newly named employee must be a live one of the merchant at the caller's
 * shops (in the query: another merchant's, or one outside a shop-limited account's shops, is 2002 员工不存在). A
 * limited account sees the stored preferences on other shops' employees in the detail but cannot change them: sent
 * back as they are they stay, left out or moved to the other list they are refused (2004).
 */
export async function setPrefs(db: DB, t: Tenant, b: BodyOf<typeof clientApi.setPrefs>) {
  await db.transaction().execute(async (trx) => {
    await ownClient(trx, t, b.clientId);
    const shops = shopsFilter(t);
    const stored = await trx
      .selectFrom('clientEmployeePref')
      .leftJoin('employee', 'employee.id', 'clientEmployeePref.employeeId')
      .select(['clientEmployeePref.employeeId', 'clientEmployeePref.kind', 'employee.name', 'employee.shopId'])
      .where('clientEmployeePref.clientId', '=', b.clientId)
      .where('clientEmployeePref.merchantId', '=', t.merchantId)
      .execute();
    const sent = new Map<number, 'preferred' | 'blocked'>([
      ...b.preferred.map((id) => [id, 'preferred'] as const),
      ...b.blocked.map((id) => [id, 'blocked'] as const),
    ]);
    if (shops) {
      const outside = stored.filter((p) => p.shopId == null || !shops.includes(p.shopId));
      const changed = outside.find((p) => sent.get(p.employeeId) !== p.kind);
      if (changed) throw business(`${changed.name ?? '该员工'} 不属于您管理的店铺，不能更改客户对其的偏好设置`);
    }
    const kept = new Set(stored.filter((p) => sent.get(p.employeeId) === p.kind).map((p) => p.employeeId));
    const added = [...sent.keys()].filter((id) => !kept.has(id));
    if (added.length) {
      const found = await trx
        .selectFrom('employee')
        .select('id')
        .where('merchantId', '=', t.merchantId)
        .where('deletedAt', 'is', null)
        .where('id', 'in', added)
        .$if(shops !== null, (q) => q.where('shopId', 'in', shops!))
        .execute();
      if (found.length !== added.length) throw notFound('员工不存在');
    }
    await trx.deleteFrom('clientEmployeePref').where('clientId', '=', b.clientId).execute();
    const now = nowIso();
    const rows = [...sent].map(([employeeId, kind]) => ({
      employeeId,
      kind,
      clientId: b.clientId,
      merchantId: t.merchantId,
      createdAt: now,
    }));
    if (rows.length) await trx.insertInto('clientEmployeePref').values(rows).execute();
  });
}

export const ANONYMISED_NAME = '已删除客户';

/**
 * 删除客户 (PIPL): the record's personal fields cleared (name, phone, tags, remark, addresses, notes, preferences) and
 * the row kept as deleted; its orders kept with the customer's name, phone, address and remark replaced, and the
 * nickname of their reviews. Refused while an order is in progress (the employee still needs the address).
 */
export async function anonymise(db: DB, t: Tenant, id: number) {
  await db.transaction().execute(async (trx) => {
    await ownClient(trx, t, id);
    const busy = await trx
      .selectFrom('serviceOrder')
      .select('orderNo')
      .where('merchantId', '=', t.merchantId)
      .where('clientId', '=', id)
      .where('status', 'in', IN_PROGRESS)
      .executeTakeFirst();
    if (busy) throw business(`客户还有进行中的订单（${busy.orderNo}），订单完成或取消后才能删除`);
    const now = nowIso();
    await trx
      .updateTable('client')
      .set({
        name: ANONYMISED_NAME,
        phone: '',
        phoneHash: `deleted:${id}`,
        phoneTail: '',
        tags: '[]',
        remark: null,
        customerId: null,
        anonymisedAt: now,
        deletedAt: now,
        updatedAt: now,
      })
      .where('id', '=', id)
      .where('merchantId', '=', t.merchantId)
      .execute();
    await trx
      .updateTable('clientAddress')
      .set({
        label: null,
        detail: '',
        detailHash: `deleted:${id}`,
        areaM2: null,
        layout: null,
        floor: null,
        hasLift: null,
        pets: null,
        accessNotes: null,
        lat: null,
        lng: null,
        isDefault: 0,
        deletedAt: now,
        updatedAt: now,
      })
      .where('clientId', '=', id)
      .where('merchantId', '=', t.merchantId)
      .execute();
    await trx.deleteFrom('clientNote').where('clientId', '=', id).where('merchantId', '=', t.merchantId).execute();
    await trx
      .deleteFrom('clientEmployeePref')
      .where('clientId', '=', id)
      .where('merchantId', '=', t.merchantId)
      .execute();
    const orderIds = trx
      .selectFrom('serviceOrder')
      .select('id')
      .where('merchantId', '=', t.merchantId)
      .where('clientId', '=', id);
    await trx
      .updateTable('review')
      .set({ customerNickname: ANONYMISED_NAME })
      .where('merchantId', '=', t.merchantId)
      .where('orderId', 'in', orderIds)
      .execute();
    await trx
      .updateTable('serviceOrder')
      .set({
        customerName: ANONYMISED_NAME,
        customerPhone: '',
        address: '（已删除）',
        lat: null,
        lng: null,
        remark: null,
        updatedAt: now,
      })
      .where('merchantId', '=', t.merchantId)
      .where('clientId', '=', id)
      .execute();
  });
}
