import { z } from 'zod';
import { dbId, distinctIds, jsonField, mainlandPhone, optionalText, pageQuery } from './common.ts';
import { weeklyHoursSchema } from './dispatch.ts';
import { maskIdCard as sharedMaskIdCard } from './mask.ts';
import { MANUAL_WORK_STATES, MAX_CERTIFICATES, MAX_SKILLS } from './constants/employee.ts';
// Constants, labels and helpers without schemas (constants/employee.ts), re-exported for the server and existing imports.
export * from './constants/employee.ts';

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** GB 11643: 17 digits (region, birth date, sequence) and a checksum digit (0-9 or X). */
export function isMainlandIdCard(raw: string): boolean {
  const s = raw.toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(s)) return false;
  const y = Number(s.slice(6, 10));
  const m = Number(s.slice(10, 12));
  const d = Number(s.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  if (date.getTime() > Date.now()) return false;
  const sum = ID_WEIGHTS.reduce((acc, w, i) => acc + w * Number(s[i]), 0);
  return ID_CHECK[sum % 11] === s[17];
}

/** The birth date (YYYY-MM-DD) and gender (1 男 / 2 女) an ID number carries. */
export function idCardFacts(raw: string): { birthDate: string; gender: 1 | 2 } | null {
  if (!isMainlandIdCard(raw)) return null;
  return {
    birthDate: `${raw.slice(6, 10)}-${raw.slice(10, 12)}-${raw.slice(12, 14)}`,
    gender: Number(raw[16]) % 2 === 1 ? 1 : 2,
  };
}

/** 142301199001011234 -> 1423**********1234 (the shared rule of mask.ts); an employee without one stays null. */
export const maskIdCard = (s: string | null | undefined) => (s ? sharedMaskIdCard(s) : null);
/** 13800000001 -> 138****0001 (mask.ts). */
export { maskPhone } from './mask.ts';

export const certStates = ['valid', 'expiring', 'expired', 'none'] as const;

export interface Certificate {
  name: string;
  imageUrl: string;
  /** YYYY-MM-DD; null when the certificate does not expire. */
  expireAt: string | null;
}

export const certificateView = z.object({
  name: z.string(),
  imageUrl: z.string(),
  /** YYYY-MM-DD; null when the certificate does not expire. */
  expireAt: z.string().nullable(),
  state: z.enum(certStates),
  /** Days until expiry (negative once expired); null without an expiry date. */
  daysLeft: z.number().int().nullable(),
});
export type CertificateView = z.infer<typeof certificateView>;

/** An employee as the API answers it (findById, the page): the ID number masked, never the whole one. */
export const employeeRow = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string().nullable(),
  name: z.string(),
  phone: z.string(),
  gender: z.number().int(),
  birthDate: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /** Always masked (1423**********1234): the API never returns the whole number. */
  idCardNo: z.string().nullable(),
  idCardFrontUrl: z.string().nullable(),
  idCardBackUrl: z.string().nullable(),
  nativePlace: z.string().nullable(),
  workYears: z.number().int(),
  skills: z.array(z.string()),
  fuwuIds: z.array(z.number().int()),
  certificates: z.array(certificateView),
  /** Certificates expired or expiring within CERT_WARN_DAYS days. */
  certAlerts: z.number().int(),
  /** Derived now (docs/dispatch.md): 休假 from a leave covering now, 服务中 from an order in service now; 离职 as stored. */
  workState: z.number().int(),
  rating: z.number(),
  completedOrders: z.number().int(),
  intro: z.string().nullable(),
  /**
   * Weekly working hours (dispatch.ts weeklyHoursSchema, 7 days from 周一); null = the shop's business hours. The
   * server always answers these three (docs/dispatch.md); optional in the type so objects built before them still fit.
   */
  workHours: weeklyHoursSchema.nullable().optional(),
  /** Base location, GCJ-02; null = not set. */
  baseLat: z.number().nullable().optional(),
  baseLng: z.number().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Employee = z.infer<typeof employeeRow>;

/** A row of findAllByList (pickers): free employees first, resigned ones left out. */
export const employeeOption = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  shopId: z.number().int(),
  workState: z.number().int(),
  skills: z.array(z.string()),
  rating: z.number(),
  completedOrders: z.number().int(),
});
export type EmployeeOption = z.infer<typeof employeeOption>;

/** An uploaded file's path or an http(s) URL; small inline data:image URIs too (the demo data's generated pictures). */
export const isImageRef = (s: string) =>
  /^(https?:\/\/|\/)\S{1,500}$/.test(s) ||
  (s.length <= 20000 && /^data:image\/(png|jpeg|webp|gif|svg\+xml);base64,[A-Za-z0-9+/=]+$/.test(s));
const imageUrl = z.string().trim().refine(isImageRef, '图片地址无效');
const optionalImage = z.preprocess((v) => (v === '' || v === null ? undefined : v), imageUrl.optional());
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 YYYY-MM-DD');
const optionalDay = (msg: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    day.refine((s) => !Number.isNaN(Date.parse(s)), msg).optional(),
  );

export const idCardNo = z
  .string({ error: '请输入身份证号' })
  .trim()
  .transform((s) => s.toUpperCase())
  .refine(isMainlandIdCard, '请输入正确的 18 位身份证号');

export const certificate = z.object({
  name: z.string({ error: '请输入证书名称' }).trim().min(1, '请输入证书名称').max(50, '证书名称最多 50 个字'),
  imageUrl: imageUrl,
  expireAt: z.preprocess((v) => (v === '' || v === undefined ? null : v), day.nullable()),
});

export const skillList = z
  .array(z.string().trim().min(1, '技能不能为空').max(20, '每个技能最多 20 个字'))
  .max(MAX_SKILLS, `技能最多 ${MAX_SKILLS} 个`)
  .transform((a) => [...new Set(a)]);

export const employeeFields = {
  name: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(20, '姓名最多 20 个字'),
  phone: mainlandPhone,
  gender: z.coerce
    .number({ error: '请选择性别' })
    .int()
    // Not a type predicate: the form and the answers carry plain numbers.
    .refine((v) => [1, 2].includes(v), '请选择性别'),
  birthDate: optionalDay('出生日期无效'),
  avatarUrl: optionalImage,
  // Optional (docs/security.md): many merchants add staff before collecting papers; a number given is still checked.
  idCardNo: z.preprocess((v) => (v === '' || v === null ? undefined : v), idCardNo.optional()),
  idCardFrontUrl: optionalImage,
  idCardBackUrl: optionalImage,
  nativePlace: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().trim().max(50, '籍贯最多 50 个字').optional(),
  ),
  workYears: z.coerce
    .number({ error: '工作年限须为数字' })
    .int('工作年限须为整数')
    .min(0, '工作年限不能为负')
    .max(60, '工作年限最多 60 年'),
  skills: jsonField(skillList),
  fuwuIds: jsonField(distinctIds(z.array(z.coerce.number().int().positive()).max(50))),
  certificates: jsonField(z.array(certificate).max(MAX_CERTIFICATES, `证书最多 ${MAX_CERTIFICATES} 个`)),
  intro: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().trim().max(500, '简介最多 500 个字').optional(),
  ),
  shopId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().positive('请选择所属店铺').optional(),
  ),
  workState: z.coerce
    .number()
    .int()
    .refine((v) => (MANUAL_WORK_STATES as readonly number[]).includes(v), '工作状态只能设为空闲、休假或离职')
    .optional(),
  /** Weekly hours (docs/dispatch.md); absent = unchanged on edit, null = the shop's business hours. */
  workHours: z.preprocess((v) => (v === '' ? null : v), jsonField(weeklyHoursSchema.nullable()).optional()),
  /** Base location (GCJ-02), set together; null clears. */
  baseLat: z.preprocess(
    (v) => (v === '' ? null : v),
    z.coerce.number().min(-90, '纬度无效').max(90, '纬度无效').nullable().optional(),
  ),
  baseLng: z.preprocess(
    (v) => (v === '' ? null : v),
    z.coerce.number().min(-180, '经度无效').max(180, '经度无效').nullable().optional(),
  ),
};

/** Edit of a nullable field: absent = unchanged, an empty string = cleared (null). */
const clearable = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v) => (v === '' ? null : v), inner.nullable().optional());

export const employeeAdd = z.object({
  ...employeeFields,
  workYears: employeeFields.workYears.default(0),
  skills: employeeFields.skills.default([]),
  fuwuIds: employeeFields.fuwuIds.default([]),
  certificates: employeeFields.certificates.default([]),
});
export type EmployeeAdd = z.infer<typeof employeeAdd>;

/**
 * Edit: every field optional and without defaults (absent = unchanged); an empty idCardNo keeps the stored number (the API never sends it back whole).
 * `{ id, workState }` alone is the work-state change of the list.
 */
export const employeeEdit = z
  .object({
    ...employeeFields,
    birthDate: clearable(day.refine((s) => !Number.isNaN(Date.parse(s)), '出生日期无效')),
    avatarUrl: clearable(imageUrl),
    idCardFrontUrl: clearable(imageUrl),
    idCardBackUrl: clearable(imageUrl),
    nativePlace: clearable(z.string().trim().max(50, '籍贯最多 50 个字')),
    intro: clearable(z.string().trim().max(500, '简介最多 500 个字')),
  })
  .partial()
  .extend({
    id: z.coerce.number().int().positive(),
    /**
     * The merchant saw the orders the new weekly hours leave outside them (checkHours) and keeps the change: without
     * it such a change is refused (2004) naming them.
     */
    confirmHours: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean().optional()),
  });
export type EmployeeEdit = z.infer<typeof employeeEdit>;

/**
 * GET yuangong/checkHours: which of her assigned, unfinished orders new weekly hours would leave outside them.
 * `workHours` as the edit sends it (JSON); '' or absent = the shop's business hours.
 */
export const hoursCheckQuery = z.object({
  id: dbId,
  workHours: z.preprocess((v) => (v === '' || v === undefined ? null : v), jsonField(weeklyHoursSchema.nullable())),
});

/** An order the new hours would leave outside them: what the page lists (the customer's phone masked). */
export const hoursConflictOrder = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  /** ORDER_STATUS: 30 待服务 / 40 服务中. */
  status: z.number().int(),
  goodsName: z.string(),
  /** The job [from, to) (ISO) and its text: '11月27日 10:00–13:00'. */
  from: z.string(),
  to: z.string(),
  time: z.string(),
  customerName: z.string(),
  customerPhoneMasked: z.string(),
});
export type HoursConflictOrder = z.infer<typeof hoursConflictOrder>;

export const hoursCheckResult = z.object({ orders: z.array(hoursConflictOrder) });
export type HoursCheckResult = z.infer<typeof hoursCheckResult>;

const optionalWorkState = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number().int().min(0).max(3).optional(),
);

/** `shopId`: empty = the caller's current shop, `all` = every shop of the merchant, or one shop id. */
const shopFilter = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.union([z.literal('all'), z.coerce.number().int().positive()]).optional(),
);

export const employeeQuery = pageQuery.extend({
  name: optionalText(20),
  phone: optionalText(11),
  skill: optionalText(20),
  workState: optionalWorkState,
  shopId: shopFilter,
});
export type EmployeeQuery = z.infer<typeof employeeQuery>;

export const employeeListQuery = z.object({
  name: optionalText(20),
  workState: optionalWorkState,
  shopId: shopFilter,
});
