import type { Generated } from 'kysely';

/** One onboarding application with the payment provider (用户进件). */
export interface JinjianApplicationTable {
  id: Generated<number>;
  merchantId: number;
  /** 1 个人 / 2 企业 */
  kind: number;
  /** 10 审核中 / 20 已开通 / 30 已驳回 */
  status: number;
  /** Which provider took it: sandbox | huifu. */
  provider: string;
  /** Our request number (req_seq_id), unique. */
  applyNo: string;
  /** The provider's id for the merchant (Huifu: huifu_id), once it has one. */
  providerMerchantNo: string | null;
  rejectReason: string | null;
  /** The person (个人) or the company (企业). */
  subjectName: string;
  /**
   * JSON of the validated submission plus the chosen branch, sealed (lib/secret-box.ts): kept whole for the provider,
   * masked in every answer. jinjian.repo.ts seals and opens it.
   */
  detail: string;
  submittedBy: number;
  submittedAt: string;
  approvedAt: string | null;
  rejectedAt: string | null;
  /** 1 once the settlement card became the merchant's bound card. */
  cardBound: number;
  createdAt: string;
  updatedAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    jinjianApplication: JinjianApplicationTable;
  }
}
