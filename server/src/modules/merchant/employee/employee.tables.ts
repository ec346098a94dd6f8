import type { Generated } from 'kysely';

export interface EmployeeTable {
  id: Generated<number>;
  merchantId: number;
  shopId: number;
  name: string;
  phone: string;
  gender: number;
  birthDate: string | null;
  avatarUrl: string | null;
  /** Sealed (lib/secret-box.ts, `enc:v1:<key id>:…`); opened only to mask it in answers. */
  idCardNo: string;
  /** Keyed hash of the number (duplicate checks); null only for a row written around the repository. */
  idCardHash: Generated<string | null>;
  idCardFrontUrl: string | null;
  idCardBackUrl: string | null;
  nativePlace: string | null;
  workYears: number;
  skills: string; // JSON string[]
  fuwuIds: string; // JSON number[]
  certificates: string; // JSON [{name,imageUrl,expireAt}]
  /** 1 空闲 / 2 服务中 / 3 休假 / 0 离职 */
  workState: number;
  rating: number;
  completedOrders: number;
  intro: string | null;
  /** JSON weekly hours (contracts dispatch.ts WeeklyHours, 7 days from 周一); null = the shop's business hours. */
  workHours: Generated<string | null>;
  /** Base location, GCJ-02 (migration 1810). */
  baseLat: Generated<number | null>;
  baseLng: Generated<number | null>;
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    employee: EmployeeTable;
  }
}
