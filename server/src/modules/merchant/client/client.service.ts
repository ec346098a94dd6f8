import type { DB } from '../../../db/client.ts';
import { nowIso } from '../../../lib/time.ts';
import { addressValues } from './client-address.ts';
import { addressHashes, openAccess, phoneColumns, phoneHashes } from './client-secrets.ts';
import { addressNotesLine } from './client-notes.ts';
import './client.tables.ts';
import '../order/order.tables.ts';

/**
 * What other modules use of customer records (docs/customers.md): the record an order creates or meets when it is
 * paid (order-transition markPaid, and the seed step for older orders), and the address notes of a job.
 */

/**
 * The merchant's client for a paid order, found by the customer account, then by the order's phone among records
 * made by hand (which then get the account), else created; the same for the order's address. Links the order to both
 * (`client_id`, `client_address_id`). Idempotent: an order already linked is left alone. Two payments of one customer
 * at once meet in the unique index (merchant, customer) and both use the one record.
 */
export async function recordFromOrder(db: DB, orderId: number) {
  const o = await db
    .selectFrom('serviceOrder')
    .select([
      'id',
      'merchantId',
      'shopId',
      'customerId',
      'customerName',
      'customerPhone',
      'provinceCode',
      'cityCode',
      'districtCode',
      'address',
      'lat',
      'lng',
      'clientId',
      'paidAt',
    ])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!o || o.clientId || !o.paidAt) return;
  const now = nowIso();
  const byAccount = () =>
    db
      .selectFrom('client')
      .select('id')
      .where('merchantId', '=', o.merchantId)
      .where('customerId', '=', o.customerId)
      .where('deletedAt', 'is', null)
      .executeTakeFirst();
  let client = await byAccount();
  if (!client && /^\d{11}$/.test(o.customerPhone)) {
    const byPhone = await db
      .selectFrom('client')
      .select('id')
      .where('merchantId', '=', o.merchantId)
      .where('phoneHash', 'in', phoneHashes(o.customerPhone))
      .where('customerId', 'is', null)
      .where('deletedAt', 'is', null)
      .orderBy('id')
      .executeTakeFirst();
    if (byPhone) {
      await db
        .updateTable('client')
        .set({ customerId: o.customerId, updatedAt: now })
        .where('id', '=', byPhone.id)
        .where('customerId', 'is', null)
        .executeTakeFirst()
        .catch(() => undefined); // the account's record appeared meanwhile (unique index): use that one below
      client = await byAccount();
    }
  }
  if (!client) {
    await db
      .insertInto('client')
      .values({
        merchantId: o.merchantId,
        shopId: o.shopId,
        customerId: o.customerId,
        name: o.customerName.slice(0, 20) || '客户',
        ...phoneColumns(o.customerPhone),
        source: 'order',
        remark: null,
        createdBy: null,
        anonymisedAt: null,
        deletedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) => oc.columns(['merchantId', 'customerId']).where('deletedAt', 'is', null).doNothing())
      .execute();
    client = await byAccount();
  }
  if (!client) return;
  const addressId = await addressFor(db, o.merchantId, client.id, o, now);
  await db
    .updateTable('serviceOrder')
    .set({ clientId: client.id, clientAddressId: addressId })
    .where('id', '=', o.id)
    .where('clientId', 'is', null)
    .execute();
}

async function addressFor(
  db: DB,
  merchantId: number,
  clientId: number,
  o: {
    provinceCode: string | null;
    cityCode: string | null;
    districtCode: string | null;
    address: string;
    lat: number | null;
    lng: number | null;
  },
  now: string,
) {
  if (!o.address.trim()) return null;
  const found = await db
    .selectFrom('clientAddress')
    .select('id')
    .where('merchantId', '=', merchantId)
    .where('clientId', '=', clientId)
    .where('detailHash', 'in', addressHashes(o.address))
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (found) return found.id;
  const others = await db
    .selectFrom('clientAddress')
    .select('id')
    .where('clientId', '=', clientId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  const r = await db
    .insertInto('clientAddress')
    .values({
      clientId,
      merchantId,
      ...addressValues({
        provinceCode: o.provinceCode,
        cityCode: o.cityCode,
        districtCode: o.districtCode,
        detail: o.address.trim(),
        lat: o.lat,
        lng: o.lng,
      }),
      isDefault: others ? 0 : 1,
      deletedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/**
 * The seed step (docs/customers.md): paid orders not yet linked to a record (those paid before migration 2000, demo
 * orders written around the payment path) get theirs, in id order, 200 at a time. Idempotent.
 */
export async function linkPaidOrders(db: DB) {
  let after = 0;
  for (;;) {
    const ids = await db
      .selectFrom('serviceOrder')
      .select('id')
      .where('id', '>', after)
      .where('paidAt', 'is not', null)
      .where('clientId', 'is', null)
      .orderBy('id')
      .limit(200)
      .execute();
    if (!ids.length) return;
    for (const { id } of ids) await recordFromOrder(db, id);
    after = ids[ids.length - 1].id;
  }
}

/** The notes line of each of these addresses of the merchant (absent: no notes); for the staff page and 派工单. */
export async function addressNotesFor(db: DB, merchantId: number, addressIds: (number | null | undefined)[]) {
  const ids = [...new Set(addressIds.filter((id): id is number => typeof id === 'number'))];
  const out = new Map<number, string>();
  if (!ids.length) return out;
  const rows = await db
    .selectFrom('clientAddress')
    .select(['id', 'areaM2', 'layout', 'floor', 'hasLift', 'pets', 'accessNotes'])
    .where('merchantId', '=', merchantId)
    .where('id', 'in', ids)
    .where('deletedAt', 'is', null)
    .execute();
  for (const r of rows) {
    const line = addressNotesLine({ ...r, accessNotes: openAccess(r.accessNotes, r.id) });
    if (line) out.set(r.id, line);
  }
  return out;
}
