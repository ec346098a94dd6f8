import { z } from 'zod';
import { jsonField, mainlandPhone, pageQuery, smsCode } from './common.ts';
import { MAX_AREA, orderSpecSnapshot } from './goods-pricing.ts';
import { orderCardPayment } from './order.ts';

/**
 * The customer side (the mini-program is outside this product): sign in by phone with an SMS code, place an order
 * for an on-shelf goods item of an open approved shop, pay through the sandbox provider, read the verification code,
 * review a completed order. Customer calls carry `X-Customer-Token: <token>`, never the console's Authorization.
 */
export const CUSTOMER_TOKEN_HEADER = 'x-customer-token';

/** Every customer call but sign-in requires the header; a missing one is bad input (2001), a dead one 401. */
export const customerHeaders = z.object({
  [CUSTOMER_TOKEN_HEADER]: z
    .string({ error: '请先登录（用户端）：缺少 X-Customer-Token' })
    .regex(/^[A-Za-z0-9_-]{20,200}$/, '用户端登录凭证格式不正确'),
});

export const customerSendCodeBody = z.object({ phone: mainlandPhone });
export const customerLoginBody = z.object({
  phone: mainlandPhone,
  code: smsCode,
  nickname: z.string().trim().max(20, '昵称最多 20 字').optional(),
});

const AREA_MESSAGE = `服务面积须为 1–${MAX_AREA} 之间的整数（平方米）`;

/**
 * order/add. `specId`: the goods item's specification (required when it has more than one on sale); `quantity`:
 * packages or units (absent = the specification's minimum for a package, 1); `area`: whole ㎡ for area-priced
 * specifications (a per-㎡ one may still send the area as `quantity`, as before specifications). The quantity's own
 * limit is the specification's (quoteSpec); the body refuses only malformed numbers (fractions, 0: 2001).
 */
export const placeOrderBody = z.object({
  goodsId: z.coerce.number({ error: '请选择商品' }).int().positive('请选择商品'),
  specId: z.coerce.number({ error: '请选择规格' }).int('请选择规格').positive('请选择规格').optional(),
  quantity: z.coerce
    .number({ error: '数量须为正整数' })
    .int('数量须为正整数')
    .min(1, '数量至少为 1')
    .max(MAX_AREA, `数量最多 ${MAX_AREA}`)
    .optional(),
  area: z.coerce
    .number({ error: AREA_MESSAGE })
    .int(AREA_MESSAGE)
    .min(1, AREA_MESSAGE)
    .max(MAX_AREA, AREA_MESSAGE)
    .optional(),
  customerName: z.string({ error: '请填写联系人' }).trim().min(1, '请填写联系人').max(20, '联系人最多 20 字'),
  customerPhone: mainlandPhone,
  provinceCode: z
    .string()
    .regex(/^\d{6}$/, '地区编码为 6 位数字')
    .optional(),
  cityCode: z
    .string()
    .regex(/^\d{6}$/, '地区编码为 6 位数字')
    .optional(),
  districtCode: z
    .string()
    .regex(/^\d{6}$/, '地区编码为 6 位数字')
    .optional(),
  address: z.string({ error: '请填写服务地址' }).trim().min(4, '请填写详细服务地址').max(200, '地址最多 200 字'),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  appointmentAt: z.string({ error: '请选择预约时间' }).datetime({ offset: true, message: '预约时间格式不正确' }),
  remark: z.string().trim().max(200, '备注最多 200 字').optional(),
});
export type PlaceOrderInput = z.infer<typeof placeOrderBody>;

export const customerOrderIdBody = z.object({
  id: z.coerce.number({ error: '请指定订单' }).int().positive('请指定订单'),
});

export const reviewBody = z.object({
  id: z.coerce.number({ error: '请指定订单' }).int().positive('请指定订单'),
  rating: z.coerce.number({ error: '请评分' }).int('评分为 1-5 的整数').min(1, '评分为 1-5').max(5, '评分为 1-5'),
  content: z.string({ error: '请填写评价内容' }).trim().min(1, '请填写评价内容').max(500, '评价最多 500 字'),
  images: jsonField(z.array(z.string().max(500)).max(9, '图片最多 9 张')).default([]),
  anonymous: z.coerce.number().int().min(0).max(1).default(0),
});

/** customer/login: the customer's own session (the token is shown once; only its hash is stored). */
export const customerSession = z.object({
  token: z.string(),
  customer: z.object({ id: z.number().int(), phone: z.string(), nickname: z.string() }),
  expiresAt: z.string(),
});

/**
 * A customer's own order: the verification code is shown once paid (status 20/30). Nothing of the merchant's side
 * (merchant ids, remarks, the operation trail) is listed.
 */
export const customerOrderRow = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  goodsId: z.number().int(),
  goodsName: z.string(),
  quantity: z.number().int(),
  unit: z.string(),
  /** '× 2', '3 小时', '120 平方米' (quantityLabel); an order from before specifications: '2次'. */
  quantityLabel: z.string(),
  /** The order's list price (also for an order paid with a card: cardPayment says what the card paid). */
  amount: z.number().int(),
  /**
   * Paid with a prepaid card: the card's name, a 次卡's 第 n 次 / 共 N 次, the card cash and a 储值卡's bonus (the
   * stored value spent is cash + bonus), restored once a cancellation gave it back; null otherwise.
   */
  cardPayment: orderCardPayment.nullable(),
  /** '次卡：日常保洁 10 次卡（第 2 次 / 共 10 次）', '储值卡：充 1000 送 100（扣 ¥120.00）'; null when not card-paid. */
  cardPaymentLabel: z.string().nullable(),
  status: z.number().int(),
  appointmentAt: z.string(),
  verifyCode: z.string().nullable(),
  employeeName: z.string().nullable(),
  refundStatus: z.number().int(),
  payDeadline: z.string().nullable(),
  createdAt: z.string(),
  /** order/findById only: the merchant's latest 改约, '商家已改约：11月27日 10:00 → 11月28日 14:00'. */
  notice: z.string().nullable().optional(),
  ...orderSpecSnapshot.shape,
});
export type CustomerOrder = z.infer<typeof customerOrderRow>;

/** order/add: the new order to pay within the deadline. */
export const placedOrder = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  /** fen */
  amount: z.number().int(),
  payDeadline: z.string(),
});

export const customerOrderQuery = pageQuery.extend({ status: z.coerce.number().int().optional() });
