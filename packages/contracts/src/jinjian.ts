import { z } from 'zod';
import { branchCode } from './bank.ts';

/**
 * 用户进件: onboarding a merchant with the split-payment provider (docs/spec-notes.md#calls, docs/decisions.md#onboarding).
 * Personal (jinjianGeren) and enterprise (jinjianQiye) applications; every check the provider would make on the
 * data itself is made here first, so a bad field is refused with 2001 naming it.
 */

// ---------------------------------------------------------------------------------------------- checksums

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** 18-digit resident ID (GB 11643-1999): region, a real birth date, and the ISO 7064 MOD 11-2 check character. */
export function isValidIdCard(v: string): boolean {
  if (!/^\d{17}[\dX]$/.test(v)) return false;
  const y = Number(v.slice(6, 10));
  const m = Number(v.slice(10, 12));
  const d = Number(v.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d || birth.getTime() > Date.now())
    return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(v[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11] === v[17];
}

/** Luhn (mod 10) check used by personal debit/credit card numbers. */
export function isValidLuhn(v: string): boolean {
  if (!/^\d{12,19}$/.test(v)) return false;
  let sum = 0;
  for (let i = 0; i < v.length; i++) {
    let n = Number(v[v.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** 统一社会信用代码 (GB 32100-2015): 18 characters of its alphabet with the mod-31 check character. */
export function isValidUscc(v: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(v)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARS.indexOf(v[i]) * USCC_WEIGHTS[i];
  const c = 31 - (sum % 31);
  return USCC_CHARS[c === 31 ? 0 : c] === v[17];
}

/** Today's calendar day in China (YYYY-MM-DD), whatever the machine's zone. */
export const todayCn = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/**
 * Validity of a document: long-term (type 1) needs a begin date in the past; a fixed term (type 0) needs
 * begin < end and an end not yet passed. Answers the first problem as { field, message }, or null.
 */
export function validityProblem(
  label: string,
  type: string | undefined,
  begin: string | undefined,
  end: string | undefined,
  names: { begin: string; end: string },
): { field: string; message: string } | null {
  const today = todayCn();
  if (!begin) return { field: names.begin, message: `${label}有效期开始日期未填写` };
  if (begin > today) return { field: names.begin, message: `${label}有效期开始日期晚于今天` };
  if (type === '1') return null;
  if (!end) return { field: names.end, message: `${label}有效期结束日期未填写（非长期有效时必填）` };
  if (end <= begin) return { field: names.end, message: `${label}有效期结束日期须晚于开始日期` };
  if (end < today) return { field: names.end, message: `${label}已过期，请更换有效证件` };
  return null;
}

// ---------------------------------------------------------------------------------------------- fields

const day = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`)
      .optional(),
  );
const validityType = (label: string) => z.enum(['0', '1'], { error: `请选择${label}有效期类型` });

export const personName = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(2, `${label}至少 2 个字`)
    .max(30, `${label}最多 30 个字`)
    .regex(/^[\u4e00-\u9fa5·A-Za-z ]+$/, `${label}只能包含汉字、字母和间隔号`);

export const idCardNo = (label = '身份证号') =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .transform((s) => s.toUpperCase())
    .refine((s) => /^\d{17}[\dX]$/.test(s), `${label}须为 18 位`)
    .refine(isValidIdCard, `${label}校验不通过，请核对`);

export const personalCardNo = z
  .string({ error: '请输入结算银行卡号' })
  .trim()
  .transform((s) => s.replace(/\s+/g, ''))
  .refine((s) => /^\d{12,19}$/.test(s), '结算银行卡号须为 12-19 位数字')
  .refine(isValidLuhn, '结算银行卡号校验不通过，请核对');

/** Corporate account numbers follow no public checksum: 6-32 digits. */
export const corporateCardNo = z
  .string({ error: '请输入对公账号' })
  .trim()
  .transform((s) => s.replace(/\s+/g, ''))
  .refine((s) => /^\d{6,32}$/.test(s), '对公账号须为 6-32 位数字');

export const usccCode = z
  .string({ error: '请输入统一社会信用代码' })
  .trim()
  .transform((s) => s.toUpperCase())
  .refine((s) => s.length === 18, '统一社会信用代码须为 18 位')
  .refine(isValidUscc, '统一社会信用代码校验不通过，请核对');

export const imageUrl = (label: string) =>
  z
    .string({ error: `请上传${label}` })
    .trim()
    .min(1, `请上传${label}`)
    .max(500, `${label}地址过长`)
    .regex(/^(\/|https?:\/\/)\S+$/, `${label}地址无效`);

const regionCode = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .regex(/^\d{6}$/, `${label}须为 6 位行政区划代码`);

/** A mainland mobile number; the message names the field (several phones on one form). */
export const mobileOf = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .regex(/^1[3-9]\d{9}$/, `${label}须为正确的 11 位手机号`);

const bankName = z.string({ error: '请选择开户银行' }).trim().min(2, '请选择开户银行').max(50, '开户银行最多 50 个字');

// ---------------------------------------------------------------------------------------------- bodies

/** Fields of the personal form, one schema each (the web form reuses them through zodRule). */
export const gerenFields = {
  name: personName('姓名'),
  certType: z.enum(['00'], { error: '证件类型无效（目前支持居民身份证）' }).default('00'),
  idCardNo: idCardNo('身份证号'),
  certValidityType: validityType('身份证'),
  certBeginDate: day('身份证有效期开始日期'),
  certEndDate: day('身份证有效期结束日期'),
  mobile: mobileOf('手机号'),
  idCardFrontUrl: imageUrl('身份证人像面照片'),
  idCardBackUrl: imageUrl('身份证国徽面照片'),
  bankName,
  branchCode,
  cardNo: personalCardNo,
  holderName: personName('持卡人姓名'),
  cardMobile: mobileOf('银行预留手机号'),
};

export const jinjianGerenBody = z.object(gerenFields).superRefine((b, ctx) => {
  const p = validityProblem('身份证', b.certValidityType, b.certBeginDate, b.certEndDate, {
    begin: 'certBeginDate',
    end: 'certEndDate',
  });
  if (p) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
});
export type JinjianGerenBody = z.infer<typeof jinjianGerenBody>;

export const qiyeFields = {
  companyName: z
    .string({ error: '请输入企业名称' })
    .trim()
    .min(4, '企业名称至少 4 个字')
    .max(60, '企业名称最多 60 个字'),
  licenseCode: usccCode,
  licenseValidityType: validityType('营业执照'),
  licenseBeginDate: day('营业执照有效期开始日期'),
  licenseEndDate: day('营业执照有效期结束日期'),
  licenseUrl: imageUrl('营业执照照片'),
  provinceCode: regionCode('注册地址省份'),
  cityCode: regionCode('注册地址城市'),
  districtCode: regionCode('注册地址区县'),
  address: z
    .string({ error: '请输入注册详细地址' })
    .trim()
    .min(4, '注册详细地址至少 4 个字')
    .max(100, '注册详细地址最多 100 个字'),
  legalName: personName('法人姓名'),
  legalIdCardNo: idCardNo('法人身份证号'),
  legalValidityType: validityType('法人身份证'),
  legalBeginDate: day('法人身份证有效期开始日期'),
  legalEndDate: day('法人身份证有效期结束日期'),
  contactName: personName('联系人姓名'),
  contactMobile: mobileOf('联系人手机号'),
  bankName,
  branchCode,
  cardNo: corporateCardNo,
  holderName: z
    .string({ error: '请输入对公账户户名' })
    .trim()
    .min(4, '对公账户户名至少 4 个字')
    .max(60, '对公账户户名最多 60 个字'),
};

export const jinjianQiyeBody = z.object(qiyeFields).superRefine((b, ctx) => {
  for (const p of [
    validityProblem('营业执照', b.licenseValidityType, b.licenseBeginDate, b.licenseEndDate, {
      begin: 'licenseBeginDate',
      end: 'licenseEndDate',
    }),
    validityProblem('法人身份证', b.legalValidityType, b.legalBeginDate, b.legalEndDate, {
      begin: 'legalBeginDate',
      end: 'legalEndDate',
    }),
  ])
    if (p) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
  if (
    b.cityCode.slice(0, 2) !== b.provinceCode.slice(0, 2) ||
    b.districtCode.slice(0, 2) !== b.provinceCode.slice(0, 2)
  )
    ctx.addIssue({ code: 'custom', path: ['districtCode'], message: '注册地址的省、市、区县不匹配' });
});
export type JinjianQiyeBody = z.infer<typeof jinjianQiyeBody>;

// ---------------------------------------------------------------------------------------------- answers

/** Application kind: 1 个人 (geren) / 2 企业 (qiye). */
export const JINJIAN_KIND = { INDIVIDUAL: 1, COMPANY: 2 } as const;
/** Onboarding status: 0 未进件 (no application) / 10 审核中 / 20 已开通 / 30 已驳回. Dictionary `jinjian_status`. */
export const JINJIAN_STATUS = { NONE: 0, PENDING: 10, APPROVED: 20, REJECTED: 30 } as const;
export type JinjianStatusValue = (typeof JINJIAN_STATUS)[keyof typeof JINJIAN_STATUS];

const statusValue = z.union([z.literal(0), z.literal(10), z.literal(20), z.literal(30)]);
const kindValue = z.union([z.literal(1), z.literal(2)]);

/**
 * One application as every answer shows it: ID numbers, card numbers and phones masked. The whole numbers (and the
 * licence code, which the operation log redacts as well) are stored sealed for the provider and never listed here.
 */
export const jinjianApplication = z.object({
  id: z.number().int(),
  kind: kindValue,
  status: statusValue,
  provider: z.string(),
  applyNo: z.string(),
  providerMerchantNo: z.string().nullable(),
  rejectReason: z.string().nullable(),
  submittedAt: z.string(),
  approvedAt: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  /** The person (个人) or the company (企业). */
  subjectName: z.string(),
  /** Masked: 140802********1234. */
  idCardNo: z.string(),
  /** Masked: 138****0001. */
  mobile: z.string(),
  settlement: z.object({
    bankName: z.string(),
    branchName: z.string().nullable(),
    branchCode: z.string().nullable(),
    /** Masked: 6222 **** **** 1234. */
    cardNo: z.string(),
    holderName: z.string(),
    /** 1 对私 / 2 对公 */
    cardType: kindValue,
    /** Masked. */
    cardMobile: z.string().nullable(),
  }),
  /** Whether the settlement card became the merchant's bound card. */
  cardBound: z.boolean(),
});
export type JinjianApplication = z.infer<typeof jinjianApplication>;

/** jinjianQuery answer. */
export const jinjianState = z.object({
  status: statusValue,
  application: jinjianApplication.nullable(),
  /** A new application may be submitted (none yet, or the last one was rejected). */
  canSubmit: z.boolean(),
  /** Why withdrawals are not possible yet; null once onboarded. */
  withdrawHint: z.string().nullable(),
});
export type JinjianState = z.infer<typeof jinjianState>;

/** jinjianGeren / jinjianQiye answer. */
export const jinjianSubmitResult = z.object({
  id: z.number().int(),
  applyNo: z.string(),
  status: statusValue,
});
export type JinjianSubmitResult = z.infer<typeof jinjianSubmitResult>;
