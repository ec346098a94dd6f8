import { z } from 'zod';
import { optionalText, pageQuery } from './common.ts';

/** Agreement kinds (dictionary `agreement_type`). */
export const AGREEMENT_TYPES = ['settle', 'service', 'privacy', 'other'] as const;
export type AgreementType = (typeof AGREEMENT_TYPES)[number];

/** Lifecycle of an agreement (dictionary `agreement_status`): 0 草稿, 1 已发布, 2 已撤回. */
export const AGREEMENT_STATUS = { DRAFT: 0, PUBLISHED: 1, WITHDRAWN: 2 } as const;

const agreementType = z.enum(AGREEMENT_TYPES);

/** Platform view of an agreement: the working draft plus the version merchants currently sign. */
export const agreementRow = z.object({
  id: z.number().int(),
  type: agreementType,
  title: z.string(),
  mustSign: z.number().int(),
  status: z.number().int(),
  /** The published version merchants sign now; 0 = never published. */
  currentVersion: z.number().int(),
  /** The working draft (rich text); publishing freezes it as the next version. */
  content: z.string(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Merchants that signed the current version (the list only). */
  signedCount: z.number().int().optional(),
});
export type Agreement = z.infer<typeof agreementRow>;

export const agreementVersionRow = z.object({
  id: z.number().int(),
  agreementId: z.number().int(),
  version: z.number().int(),
  content: z.string(),
  remark: z.string().nullable(),
  publishedAt: z.string(),
});
export type AgreementVersion = z.infer<typeof agreementVersionRow>;

/** xieyi/findById/{id}: the agreement with every published version, newest first. */
export const agreementDetail = agreementRow.extend({ versions: z.array(agreementVersionRow) });

/** xieyi/fabu: the version now signed, and whether it is new (merchants are asked to sign again). */
export const publishResult = z.object({ version: z.number().int(), isNew: z.boolean() });

/** An agreement the merchant still has to sign in its current version (xieyi/findDaiqianList). */
export const pendingAgreementRow = z.object({
  id: z.number().int(),
  type: agreementType,
  title: z.string(),
  mustSign: z.number().int(),
  version: z.number().int(),
  versionId: z.number().int(),
  content: z.string(),
  publishedAt: z.string(),
  /** The version the merchant signed before, when a new version asks it to sign again. */
  signedVersion: z.number().int().nullable(),
});
export type PendingAgreement = z.infer<typeof pendingAgreementRow>;

/** A signature record as the merchant and the platform list it (xieyi/findMyByPage, findQianshuByPage). */
export const signatureRow = z.object({
  id: z.number().int(),
  agreementId: z.number().int(),
  versionId: z.number().int(),
  version: z.number().int(),
  type: agreementType,
  title: z.string(),
  mustSign: z.number().int(),
  merchantId: z.number().int(),
  merchantName: z.string().optional(),
  userId: z.number().int(),
  userName: z.string(),
  signerName: z.string(),
  signedAt: z.string(),
  ip: z.string().nullable(),
  /** 1 when the signed version is still the agreement's current one. */
  isCurrent: z.number().int(),
});
export type Signature = z.infer<typeof signatureRow>;

/** The signed text exactly as signed, with its record (xieyi/findQianshuById/{id}). */
export const signatureDetail = signatureRow.extend({
  content: z.string(),
  publishedAt: z.string(),
  userAgent: z.string().nullable(),
});
export type SignatureDetail = z.infer<typeof signatureDetail>;

const title = z.string({ error: '请输入协议标题' }).trim().min(1, '请输入协议标题').max(100, '协议标题最多 100 个字');
const content = z.string({ error: '请输入协议内容' }).max(200_000, '协议内容过长');
const flag = z.coerce.number().int().min(0).max(1);

export const agreementQuery = pageQuery.extend({
  type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(AGREEMENT_TYPES).optional()),
  title: optionalText(100),
  status: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(2).optional()),
});

const agreementFields = z.object({
  type: z.enum(AGREEMENT_TYPES, { error: '请选择协议类型' }),
  title,
  mustSign: flag,
  content,
});
export const agreementBody = agreementFields.extend({ mustSign: flag.default(0), content: content.default('') });
/** No defaults here: zod 4 applies defaults inside .partial(), which would reset fields an edit leaves out. */
export const agreementEdit = agreementFields.partial().extend({ id: z.coerce.number().int().positive() });

export const publishBody = z.object({
  id: z.coerce.number().int().positive(),
  remark: z.string().trim().max(200, '版本说明最多 200 个字').optional(),
});

export const signatureAdminQuery = pageQuery.extend({
  agreementId: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().positive().optional()),
  merchantName: optionalText(100),
});

export const myAgreementQuery = pageQuery.extend({
  type: z.preprocess((v) => (v === '' ? undefined : v), z.enum(AGREEMENT_TYPES).optional()),
  title: optionalText(100),
});

export const signBody = z.object({
  id: z.coerce.number({ error: '请选择协议' }).int().positive('请选择协议'),
  signerName: z
    .string({ error: '请输入签署人姓名' })
    .trim()
    .min(2, '签署人姓名至少 2 个字')
    .max(30, '签署人姓名最多 30 个字')
    .regex(/^[\u4e00-\u9fa5A-Za-z·.\s]+$/, '签署人姓名只能包含中文、字母和 ·'),
  /** The version the signer read; signing refuses when a newer one was published meanwhile. */
  version: z.coerce.number().int().positive().optional(),
});
