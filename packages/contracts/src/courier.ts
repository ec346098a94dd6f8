import { z } from 'zod';
import { optionalDate, optionalText, pageQuery } from './common.ts';

/** A mobile number or a landline (0359-2345678). */
const contactPhone = z
  .string({ error: '请输入联系电话' })
  .trim()
  .regex(/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/, '请输入正确的手机号或固定电话');

/** 10 待揽收 / 20 已揽收 / 30 运输中 / 40 已签收 / 90 已取消 (dictionary courier_status). */
export const COURIER_STATUS = { WAITING: 10, PICKED: 20, TRANSIT: 30, SIGNED: 40, CANCELLED: 90 } as const;
/** Dictionary courier_company: value = company code. */
export const COURIER_COMPANIES = [
  { value: 'SF', label: '顺丰速运' },
  { value: 'ZTO', label: '中通快递' },
  { value: 'YTO', label: '圆通速递' },
  { value: 'YD', label: '韵达快递' },
  { value: 'STO', label: '申通快递' },
  { value: 'JD', label: '京东物流' },
  { value: 'EMS', label: '中国邮政 EMS' },
] as const;
export const COURIER_COMPANY_CODES = COURIER_COMPANIES.map((c) => c.value) as [string, ...string[]];

const optionalInt = (min: number, max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(min).max(max).optional());

export const courierQuery = pageQuery.extend({
  shopId: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.union([z.literal('all'), z.coerce.number().int().positive()]).optional(),
  ),
  status: optionalInt(10, 90),
  company: optionalText(20),
  /** Tracking number, receiver name or phone. */
  keyword: optionalText(50),
  startDate: optionalDate,
  endDate: optionalDate,
});
export type CourierQuery = z.infer<typeof courierQuery>;

const name = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(30, `${label}最多 30 字`);
const address = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .trim()
    .min(5, `${label}至少 5 个字`)
    .max(200, `${label}最多 200 字`);

export const courierAdd = z.object({
  senderName: name('寄件人'),
  senderPhone: contactPhone,
  senderAddress: address('寄件地址'),
  receiverName: name('收件人'),
  receiverPhone: contactPhone,
  receiverAddress: address('收件地址'),
  itemName: z.string({ error: '请输入物品名称' }).trim().min(1, '请输入物品名称').max(50, '物品名称最多 50 字'),
  /** grams */
  weightGrams: z.coerce
    .number({ error: '请输入重量' })
    .int('重量须为整数（克）')
    .min(1, '重量至少 1 克')
    .max(100_000, '重量不能超过 100 公斤'),
  company: z.enum(COURIER_COMPANY_CODES, { error: '请选择快递公司' }),
  /** ISO time; must be in the future and within 7 days. */
  pickupAt: z.string({ error: '请选择上门取件时间' }).refine((s) => !Number.isNaN(Date.parse(s)), '取件时间格式不正确'),
  remark: optionalText(200),
});
export type CourierAdd = z.infer<typeof courierAdd>;

export const courierCancel = z.object({
  id: z.coerce.number({ error: '请指定快递单' }).int().positive('请指定快递单'),
  reason: z.string({ error: '请输入取消原因' }).trim().min(1, '请输入取消原因').max(100, '取消原因最多 100 字'),
});

export const courierRow = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  trackingNo: z.string(),
  company: z.string(),
  senderName: z.string(),
  senderPhone: z.string(),
  senderAddress: z.string(),
  receiverName: z.string(),
  receiverPhone: z.string(),
  receiverAddress: z.string(),
  itemName: z.string(),
  weightGrams: z.number().int(),
  pickupAt: z.string(),
  status: z.number().int(),
  remark: z.string().nullable(),
  cancelReason: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CourierOrder = z.infer<typeof courierRow>;

export const courierTrack = z.object({
  id: z.number().int(),
  status: z.number().int(),
  description: z.string(),
  at: z.string(),
});

/** One pick-up with its tracking events, newest first. */
export const courierDetail = courierRow.extend({ tracks: z.array(courierTrack) });
export type CourierDetail = z.infer<typeof courierDetail>;

/** The sender fields prefilled from the current shop. */
export const courierSenderDefault = z.object({
  senderName: z.string(),
  senderPhone: z.string(),
  senderAddress: z.string(),
});
export type CourierSenderDefault = z.infer<typeof courierSenderDefault>;
