import { maskAddress, maskPhone } from '@jz/contracts/mask';
import { blindIndex, blindIndexes, open, seal } from '../../../lib/secret-box.ts';
import type { SecretField } from '../../../lib/secret-rotate.ts';

/**
 * The personal fields of a client record at rest (docs/security.md "secrets at rest", docs/customers.md): sealed with
 * the field's purpose, equality through a keyed hash. The one place that seals and opens them; `npm run keys:rotate`
 * reads these field descriptions.
 */
const digits = (v: string) => v.replace(/\D/g, '');
/** Addresses compare without spaces and full-width differences (an order's address typed twice). */
export const normalizeAddress = (v: string) => v.normalize('NFKC').replace(/\s+/g, '');

export const CLIENT_PHONE_FIELD: SecretField = {
  table: 'client',
  column: 'phone',
  purpose: 'client.phone',
  hash: { column: 'phoneHash', normalize: digits },
};
export const CLIENT_ADDRESS_FIELD: SecretField = {
  table: 'clientAddress',
  column: 'detail',
  purpose: 'clientAddress.detail',
  hash: { column: 'detailHash', normalize: normalizeAddress },
};
export const CLIENT_ACCESS_FIELD: SecretField = {
  table: 'clientAddress',
  column: 'accessNotes',
  purpose: 'clientAddress.accessNotes',
};
export const CLIENT_SECRET_FIELDS = [CLIENT_PHONE_FIELD, CLIENT_ADDRESS_FIELD, CLIENT_ACCESS_FIELD];

export const phoneColumns = (phone: string) => ({
  phone: seal(CLIENT_PHONE_FIELD.purpose, phone),
  phoneHash: blindIndex(CLIENT_PHONE_FIELD.purpose, digits(phone)),
  phoneTail: digits(phone).slice(-4),
});
export const phoneHashes = (phone: string) => blindIndexes(CLIENT_PHONE_FIELD.purpose, digits(phone));
export const openPhone = (v: string, id: number) => open(CLIENT_PHONE_FIELD.purpose, v, { table: 'client', id });

export const addressColumns = (detail: string) => ({
  detail: seal(CLIENT_ADDRESS_FIELD.purpose, detail),
  detailHash: blindIndex(CLIENT_ADDRESS_FIELD.purpose, normalizeAddress(detail)),
});
export const addressHashes = (detail: string) => blindIndexes(CLIENT_ADDRESS_FIELD.purpose, normalizeAddress(detail));
export const openAddress = (v: string, id: number) =>
  open(CLIENT_ADDRESS_FIELD.purpose, v, { table: 'client_address', id });

export const sealAccess = (v: string | null | undefined) => (v ? seal(CLIENT_ACCESS_FIELD.purpose, v) : null);
export const openAccess = (v: string | null, id: number) =>
  v ? open(CLIENT_ACCESS_FIELD.purpose, v, { table: 'client_address', id }) : null;

/** What a caller without 查看完整信息 sees. */
export const masks = { phone: maskPhone, address: maskAddress };
