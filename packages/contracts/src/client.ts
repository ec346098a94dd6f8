import { z } from 'zod';
import { dbId, distinctIds, jsonField, mainlandPhone, optionalText, pageQuery } from './common.ts';
import { CLIENT_SOURCES, MAX_CLIENT_TAGS, EMPLOYEE_PREF_KINDS } from './constants/client.ts';
// Constants, labels and helpers without schemas (constants/client.ts), re-exported for the server and existing imports.
export * from './constants/client.ts';

/** '' / null from a form field → absent. */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalInt = (min: number, max: number, msg: string) =>
  z.preprocess(blank, z.coerce.number({ error: msg }).int(msg).min(min, msg).max(max, msg).optional());
const optionalString = (max: number, what: string) =>
  z.preprocess(blank, z.string().trim().max(max, `${what}最多 ${max} 个字`).optional());

export const clientTags = z
  .array(z.string().trim().min(1, '标签不能为空').max(10, '每个标签最多 10 个字'))
  .max(MAX_CLIENT_TAGS, `标签最多 ${MAX_CLIENT_TAGS} 个`)
  .transform((a) => [...new Set(a)]);

// ------------------------------------------------------------------------------------------------ queries

export const clientQuery = pageQuery.extend({
  name: optionalText(20),
  /** 4-digit 尾号 or the whole 11 digits. */
  phone: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^(\d{4}|1[3-9]\d{9})$/, '请输入手机尾号 4 位或完整 11 位手机号')
      .optional(),
  ),
  address: optionalText(50),
  tag: optionalText(10),
});
export type ClientQuery = z.infer<typeof clientQuery>;

/** Export: the list's filters, at most EXPORT_LIMIT rows. */
export const clientExportBody = clientQuery
  .omit({ pageNum: true, pageSize: true })
  .extend({ format: z.enum(['xlsx', 'csv']).default('xlsx') });

export const clientOrdersQuery = pageQuery.extend({ id: dbId });

// ------------------------------------------------------------------------------------------------ answers

export const clientCardBalance = z.object({
  cards: z.number().int(),
  visits: z.number().int(),
  value: z.number().int(),
});
export type ClientCardBalance = z.infer<typeof clientCardBalance>;

/** A row of 客户列表. `phone` and `defaultAddress` are masked unless the caller holds 查看完整信息 (`masked`). */
export const clientRow = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  masked: z.boolean(),
  tags: z.array(z.string()),
  source: z.enum(CLIENT_SOURCES),
  /** The shop it was made at; null for a shop-limited caller when that shop is outside its limit. */
  shopId: z.number().int().nullable(),
  shopName: z.string().nullable(),
  defaultAddress: z.string().nullable(),
  /** Over the orders the caller may see (a shop-limited account: its shops'); paid, not cancelled. */
  orderCount: z.number().int(),
  /** fen: what those orders paid; a card-paid one at the card cash it used (a 次卡's price / N), never the bonus. */
  totalSpent: z.number().int(),
  lastOrderAt: z.string().nullable(),
  /**
   * The client's valid prepaid cards (有效, not past their expiry) at the caller's shops: how many, the 次卡 visits
   * left and the 储值卡 value left (fen, cash + bonus); null when it holds none (docs/customers.md, "Card balances").
   */
  cardBalance: clientCardBalance.nullable(),
  createdAt: z.string(),
});
export type ClientRow = z.infer<typeof clientRow>;

export const clientAddressView = z.object({
  id: z.number().int(),
  label: z.string().nullable(),
  provinceCode: z.string().nullable(),
  cityCode: z.string().nullable(),
  districtCode: z.string().nullable(),
  detail: z.string(),
  areaM2: z.number().int().nullable(),
  layout: z.string().nullable(),
  floor: z.number().int().nullable(),
  hasLift: z.number().int().nullable(),
  pets: z.string().nullable(),
  /** 门禁/钥匙; null when masked. */
  accessNotes: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  isDefault: z.boolean(),
  /** The line the staff page and the 派工单 show (面积, 户型, floor and lift, pets, 门禁/钥匙). */
  notesLine: z.string().nullable(),
});
export type ClientAddress = z.infer<typeof clientAddressView>;

export const clientNoteView = z.object({
  id: z.number().int(),
  authorName: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export type ClientNote = z.infer<typeof clientNoteView>;

export const employeePrefView = z.object({
  employeeId: z.number().int(),
  employeeName: z.string(),
  kind: z.enum(EMPLOYEE_PREF_KINDS),
});

export const clientDetail = clientRow.extend({
  customerId: z.number().int().nullable(),
  remark: z.string().nullable(),
  addresses: z.array(clientAddressView),
  prefs: z.array(employeePrefView),
  notes: z.array(clientNoteView),
  updatedAt: z.string(),
});
export type ClientDetail = z.infer<typeof clientDetail>;

export const clientOrderRow = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  shopName: z.string().nullable(),
  goodsName: z.string(),
  specName: z.string().nullable(),
  status: z.number().int(),
  payAmount: z.number().int(),
  appointmentAt: z.string(),
  employeeName: z.string().nullable(),
  createdAt: z.string(),
});
export type ClientOrder = z.infer<typeof clientOrderRow>;

export const clientReviewRow = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  goodsName: z.string(),
  rating: z.number(),
  content: z.string().nullable(),
  createdAt: z.string(),
});
export type ClientReview = z.infer<typeof clientReviewRow>;

// ------------------------------------------------------------------------------------------------ bodies

export const clientAddressFields = {
  label: optionalString(10, '地址名称'),
  provinceCode: optionalString(12, '省份'),
  cityCode: optionalString(12, '城市'),
  districtCode: optionalString(12, '区县'),
  detail: z.string({ error: '请输入详细地址' }).trim().min(2, '请输入详细地址').max(100, '详细地址最多 100 个字'),
  areaM2: optionalInt(1, 10000, '面积须为 1–10000 的整数（平方米）'),
  layout: optionalString(20, '户型'),
  floor: optionalInt(-5, 200, '楼层须为 -5–200 的整数'),
  hasLift: z.preprocess(blank, z.coerce.number().int().min(0).max(1).optional()),
  pets: optionalString(50, '宠物说明'),
  accessNotes: optionalString(200, '门禁/钥匙说明'),
  lat: z.preprocess(blank, z.coerce.number().min(-90, '纬度无效').max(90, '纬度无效').optional()),
  lng: z.preprocess(blank, z.coerce.number().min(-180, '经度无效').max(180, '经度无效').optional()),
  isDefault: z.preprocess(blank, z.coerce.number().int().min(0).max(1).optional()),
};
export const clientAddressInput = z.object(clientAddressFields);
export type ClientAddressInput = z.infer<typeof clientAddressInput>;

export const clientFields = {
  name: z.string({ error: '请输入客户姓名' }).trim().min(1, '请输入客户姓名').max(20, '姓名最多 20 个字'),
  phone: mainlandPhone,
  tags: z.preprocess(blank, jsonField(clientTags).optional()),
  remark: optionalString(200, '备注'),
};

/** 新增客户: optionally with a first address. */
export const clientAdd = z.object({
  ...clientFields,
  address: z.preprocess(blank, jsonField(clientAddressInput).optional()),
});
/** 编辑客户: absent fields stay (a form showing a masked phone leaves it out). */
export const clientEdit = z.object({
  id: dbId,
  name: clientFields.name.optional(),
  phone: z.preprocess(blank, mainlandPhone.optional()),
  tags: clientFields.tags,
  remark: z.preprocess((v) => (v === null ? '' : v), z.string().trim().max(200, '备注最多 200 个字').optional()),
});

export const clientAddressAdd = z.object({ clientId: dbId, ...clientAddressFields });
export const clientAddressEdit = z.object({ id: dbId, ...clientAddressFields });

export const clientNoteAdd = z.object({
  clientId: dbId,
  text: z.string({ error: '请输入备注内容' }).trim().min(1, '请输入备注内容').max(500, '备注最多 500 个字'),
});

/** 偏好员工 / 不派员工: the whole lists, replacing the stored ones; one employee in one list only. */
export const clientPrefsBody = z
  .object({
    clientId: dbId,
    preferred: jsonField(distinctIds(z.array(dbId).max(10, '偏好员工最多 10 位'))),
    blocked: jsonField(distinctIds(z.array(dbId).max(20, '不派员工最多 20 位'))),
  })
  .refine((b) => !b.preferred.some((id) => b.blocked.includes(id)), {
    message: '同一员工不能既是偏好员工又是不派员工',
    path: ['blocked'],
  });
