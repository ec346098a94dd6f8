import type { Generated } from 'kysely';

/** A merchant's record of a customer (客户档案, migration 2000, docs/customers.md). */
export interface ClientTable {
  id: Generated<number>;
  merchantId: number;
  /** The shop it was created at (an order's shop, or the console's current shop). */
  shopId: number | null;
  /** The platform customer account (modules/customer) it belongs to; null for a record made by hand. */
  customerId: number | null;
  name: string;
  /** Sealed (lib/secret-box.ts); opened only by client.repo.ts. */
  phone: string;
  /** Keyed hash of the 11 digits (equality under every key of the ring). */
  phoneHash: string;
  /** The last four digits (search by 尾号; what a mask shows anyway). */
  phoneTail: string;
  tags: Generated<string>; // JSON string[]
  source: 'order' | 'manual';
  remark: string | null;
  createdBy: number | null;
  /** 删除客户: personal fields cleared at this time; the row stays for the orders that name it. */
  anonymisedAt: string | null;
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ClientAddressTable {
  id: Generated<number>;
  clientId: number;
  merchantId: number;
  label: string | null;
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  /** Sealed detail address. */
  detail: string;
  /** Keyed hash of region codes + detail: finds the address an order names again. */
  detailHash: string;
  areaM2: number | null;
  /** 户型, e.g. 三室两厅 */
  layout: string | null;
  floor: number | null;
  /** 1 有电梯 / 0 无电梯 / null unknown */
  hasLift: number | null;
  pets: string | null;
  /** Sealed 门禁/钥匙 notes. */
  accessNotes: string | null;
  /** GCJ-02 */
  lat: number | null;
  lng: number | null;
  isDefault: Generated<number>;
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ClientNoteTable {
  id: Generated<number>;
  clientId: number;
  merchantId: number;
  authorId: number | null;
  authorName: string;
  text: string;
  createdAt: string;
}

export interface ClientEmployeePrefTable {
  id: Generated<number>;
  clientId: number;
  merchantId: number;
  employeeId: number;
  kind: 'preferred' | 'blocked';
  createdAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    client: ClientTable;
    clientAddress: ClientAddressTable;
    clientNote: ClientNoteTable;
    clientEmployeePref: ClientEmployeePrefTable;
  }
}
