import type { ClientAddressInput } from '@jz/contracts/client';
import { addressColumns, sealAccess } from './client-secrets.ts';

/** What an address is written from: the form's fields (absent or null: not set) and its detail. */
export type AddressFields = { [K in keyof ClientAddressInput]?: ClientAddressInput[K] | null } & { detail: string };

/**
 * The columns of a client address as stored (detail and access notes sealed): one list for the address a merchant
 * types (client.repo) and the one an order brings (client.service recordFromOrder).
 */
export function addressValues(a: AddressFields) {
  return {
    label: a.label ?? null,
    provinceCode: a.provinceCode ?? null,
    cityCode: a.cityCode ?? null,
    districtCode: a.districtCode ?? null,
    ...addressColumns(a.detail),
    areaM2: a.areaM2 ?? null,
    layout: a.layout ?? null,
    floor: a.floor ?? null,
    hasLift: a.hasLift ?? null,
    pets: a.pets ?? null,
    accessNotes: sealAccess(a.accessNotes),
    lat: a.lat ?? null,
    lng: a.lng ?? null,
  };
}
