import type { Generated } from 'kysely';

export interface AgreementTable {
  id: Generated<number>;
  type: string;
  title: string;
  mustSign: number;
  /** 0 草稿 / 1 已发布 / 2 已撤回 */
  status: number;
  currentVersion: number;
  /** Working draft; publishing freezes it into agreement_version. */
  content: string;
  publishedAt: string | null;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
}

/** Immutable: a published version's content is never updated. */
export interface AgreementVersionTable {
  id: Generated<number>;
  agreementId: number;
  version: number;
  content: string;
  remark: string | null;
  publishedBy: number | null;
  publishedAt: string;
}

export interface AgreementSignatureTable {
  id: Generated<number>;
  agreementId: number;
  versionId: number;
  version: number;
  merchantId: number;
  userId: number;
  signerName: string;
  signedAt: string;
  ip: string | null;
  userAgent: string | null;
}

declare module '../../../db/schema.ts' {
  interface Database {
    agreement: AgreementTable;
    agreementVersion: AgreementVersionTable;
    agreementSignature: AgreementSignatureTable;
  }
}
