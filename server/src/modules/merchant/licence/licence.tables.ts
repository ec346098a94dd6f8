import type { Generated } from 'kysely';

export interface LicenceTable {
  id: Generated<number>;
  merchantId: number;
  /** dict licence_kind: yyzz 营业执照 / spjy 食品经营许可 / jkz 健康证 / other 其他 */
  kind: string;
  /** Free label (e.g. whose 健康证). */
  name: string | null;
  number: string;
  imageUrl: string;
  validFrom: string | null;
  /** YYYY-MM-DD; null = long-term (长期). */
  validTo: string | null;
  /** 0 待审核 / 1 已通过 / 2 已驳回 */
  auditStatus: number;
  auditReason: string | null;
  auditedAt: string | null;
  auditedBy: number | null;
  /** The expiry reminder already sent: `expiring:<validTo>` or `expired:<validTo>` (migration 1450); null = none. */
  expiryNotice: Generated<string | null>;
  createdAt: string;
  updatedAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    licence: LicenceTable;
  }
}
