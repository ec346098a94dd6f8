import { maskAddress } from '@jz/contracts/mask';
import type { DB } from '../../../db/client.ts';
import { type AppError, business, notFound } from '../../../lib/errors.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { nowIso } from '../../../lib/time.ts';
import { openAddress, openPhone } from './client-secrets.ts';
import { ownClient } from './client.repo.ts';
import './client.tables.ts';

/**
 * What 周期服务 (modules/merchant/plan) reads of a client record: whether the caller sees it, the name, phone and
 * address an order is placed with (opened here, the one module that opens them), the account it is linked to, and
 * the masked address and name its lists show.
 */

/** The caller's live, visible client (shop limits as the client pages), else 2002. */
export async function visibleClient(db: DB, t: Tenant, clientId: number) {
  const c = await ownClient(db, t, clientId);
  return { id: c.id, name: c.name, customerId: c.customerId, anonymised: !!c.anonymisedAt };
}

/**
 * What an order of the client at one of its addresses is placed with; 2004 once the record was deleted. An address
 * not (or no longer) there is `addressGone` (a booking run: 2004 服务地址已删除, kept as the visit's reason; a new plan
 * naming it: 2002).
 */
export async function bookingContact(
  db: DB,
  merchantId: number,
  clientId: number,
  addressId: number,
  addressGone: () => AppError = () => business('服务地址已删除'),
) {
  const c = await db
    .selectFrom('client')
    .select(['id', 'name', 'phone', 'customerId', 'deletedAt', 'anonymisedAt'])
    .where('id', '=', clientId)
    .where('merchantId', '=', merchantId)
    .executeTakeFirst();
  if (!c) throw notFound('客户不存在');
  if (c.deletedAt || c.anonymisedAt) throw business('客户档案已删除');
  const a = await db
    .selectFrom('clientAddress')
    .selectAll()
    .where('id', '=', addressId)
    .where('clientId', '=', c.id)
    .where('merchantId', '=', merchantId)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  if (!a) throw addressGone();
  return {
    clientId: c.id,
    name: c.name,
    phone: openPhone(c.phone, c.id),
    customerId: c.customerId,
    address: {
      provinceCode: a.provinceCode,
      cityCode: a.cityCode,
      districtCode: a.districtCode,
      detail: openAddress(a.detail, a.id),
      lat: a.lat,
      lng: a.lng,
      areaM2: a.areaM2,
    },
  };
}

/** Links a client made by hand to the customer account of its phone (when none is linked and no other record has it). */
export async function linkClientAccount(db: DB, clientId: number, customerId: number) {
  await db
    .updateTable('client')
    .set({ customerId, updatedAt: nowIso() })
    .where('id', '=', clientId)
    .where('customerId', 'is', null)
    .execute()
    .catch(() => undefined); // another record of the merchant holds the account (unique index): the orders still name this one
}

/** Names and masked addresses for lists. */
export async function clientLabels(db: DB, merchantId: number, clientIds: number[], addressIds: number[]) {
  const names = new Map<number, string>();
  const addresses = new Map<number, string>();
  if (clientIds.length)
    for (const r of await db
      .selectFrom('client')
      .select(['id', 'name'])
      .where('merchantId', '=', merchantId)
      .where('id', 'in', [...new Set(clientIds)])
      .execute())
      names.set(r.id, r.name);
  if (addressIds.length)
    for (const r of await db
      .selectFrom('clientAddress')
      .select(['id', 'label', 'detail'])
      .where('merchantId', '=', merchantId)
      .where('id', 'in', [...new Set(addressIds)])
      .execute())
      addresses.set(r.id, `${r.label ? `${r.label} ` : ''}${maskAddress(openAddress(r.detail, r.id))}`);
  return { names, addresses };
}
