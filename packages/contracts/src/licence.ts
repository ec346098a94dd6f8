import { z } from 'zod';
import { optionalText, pageQuery } from './common.ts';
import { imageUrlField } from './user.ts';

/** dict licence_kind. */
export const LICENCE_KINDS = [
  { value: 'yyzz', label: '营业执照' },
  { value: 'spjy', label: '食品经营许可' },
  { value: 'jkz', label: '健康证' },
  { value: 'other', label: '其他' },
] as const;
export const LICENCE_AUDIT = [
  { value: '0', label: '待审核', tag: 'processing' },
  { value: '1', label: '已通过', tag: 'success' },
  { value: '2', label: '已驳回', tag: 'error' },
] as const;
/** The values of LICENCE_AUDIT as the column stores them. */
export const LICENCE_AUDIT_STATUS = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;
/** Licences expiring within this many days are flagged. */
export const EXPIRING_DAYS = 30;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');
const optionalDay = z.preprocess((v) => (v === '' || v === null ? undefined : v), day.optional());

const fields = {
  kind: z.enum(['yyzz', 'spjy', 'jkz', 'other'], { error: '请选择证照类型' }),
  name: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(50, '名称最多 50 个字').optional()),
  number: z
    .string({ error: '请输入证照编号' })
    .trim()
    .min(1, '请输入证照编号')
    .max(50, '证照编号最多 50 位')
    .regex(/^[A-Za-z0-9\-（）()]+$/, '证照编号只能包含字母、数字和 -'),
  /** An upload URL; the seeded demo pictures are inline SVG data URIs and may be kept on edit. */
  imageUrl: z.union([
    imageUrlField,
    z
      .string()
      .max(20_000)
      .regex(/^data:image\/svg\+xml[;,]/, '图片地址无效'),
  ]),
  validFrom: optionalDay,
  /** Empty = 长期. */
  validTo: optionalDay,
};
const datesInOrder = (v: { validFrom?: string; validTo?: string }) =>
  !v.validFrom || !v.validTo || v.validFrom <= v.validTo;

export const licenceAddBody = z
  .object(fields)
  .refine(datesInOrder, { message: '有效期结束日不能早于开始日', path: ['validTo'] });
export const licenceEditBody = z
  .object({ id: z.coerce.number().int().positive(), ...fields })
  .refine(datesInOrder, { message: '有效期结束日不能早于开始日', path: ['validTo'] });

export const licenceQuery = pageQuery.extend({
  kind: optionalText(10),
  auditStatus: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().min(0).max(2).optional(),
  ),
  /** 'expiring' = within 30 days or expired. */
  expiry: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['expiring', 'expired']).optional()),
});
export const licenceAuditQuery = licenceQuery.extend({ merchantName: optionalText(100) });

export const licenceAuditBody = z
  .object({
    id: z.coerce.number().int().positive(),
    auditStatus: z.coerce.number().int().min(1).max(2),
    auditReason: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().trim().max(200, '驳回原因最多 200 个字').optional(),
    ),
  })
  .refine((v) => v.auditStatus !== 2 || !!v.auditReason, { message: '请填写驳回原因', path: ['auditReason'] });

export const EXPIRY_STATES = ['ok', 'expiring', 'expired', 'longTerm'] as const;
export type ExpiryState = (typeof EXPIRY_STATES)[number];

/** A licence as both sides answer it, with where it stands against its validity date. */
export const licenceRow = z.object({
  id: z.number().int(),
  merchantId: z.number().int(),
  /** The platform's list and detail only. */
  merchantName: z.string().optional(),
  kind: z.string(),
  name: z.string().nullable(),
  number: z.string(),
  imageUrl: z.string(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  auditStatus: z.number().int(),
  auditReason: z.string().nullable(),
  auditedAt: z.string().nullable(),
  expiry: z.enum(EXPIRY_STATES),
  /** Days until validTo (negative once expired); null for long-term. */
  daysLeft: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Licence = z.infer<typeof licenceRow>;

/** licence/expiring: counts and the first 10 for the landing page's reminder. */
export const licenceExpiring = z.object({
  expiring: z.number().int(),
  expired: z.number().int(),
  items: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      name: z.string().nullable(),
      number: z.string(),
      validTo: z.string(),
      daysLeft: z.number().int(),
    }),
  ),
});
export type LicenceExpiring = z.infer<typeof licenceExpiring>;
