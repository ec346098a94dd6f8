import { z } from 'zod';
import { optionalDate, pageQuery } from './common.ts';
import { pageOf } from './contract.ts';

/** A merchant may reply to a review (and edit the reply) while the review is younger than this. */
export const REPLY_WINDOW_DAYS = 7;

const optionalInt = (min: number, max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(min).max(max).optional());

/** pinglun/findAllByPage filters; shopId: empty = current shop, 'all' = every shop of the merchant. */
export const reviewQuery = pageQuery.extend({
  shopId: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.union([z.literal('all'), z.coerce.number().int().positive()]).optional(),
  ),
  rating: optionalInt(1, 5),
  /** 1 已回复 / 0 未回复 */
  replied: optionalInt(0, 1),
  goodsId: optionalInt(1, 2 ** 31 - 1),
  employeeId: optionalInt(1, 2 ** 31 - 1),
  startDate: optionalDate,
  endDate: optionalDate,
});

export const replyBody = z.object({
  id: z.coerce.number({ error: '请指定评价' }).int().positive('请指定评价'),
  merchantReply: z.string({ error: '请输入回复内容' }).trim().min(1, '请输入回复内容').max(500, '回复最多 500 字'),
});

/** A review as 订单评价管理 lists it: an anonymous reviewer's nickname is 匿名用户 here too. */
export const reviewRow = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  shopId: z.number().int(),
  shopName: z.string(),
  goodsId: z.number().int(),
  goodsName: z.string(),
  employeeId: z.number().int().nullable(),
  employeeName: z.string().nullable(),
  customerNickname: z.string(),
  rating: z.number().int(),
  content: z.string(),
  images: z.array(z.string()),
  anonymous: z.number().int(),
  merchantReply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Until when the reply can be written or edited (createdAt + 7 days). */
  replyDeadline: z.string(),
  canReply: z.boolean(),
});
export type Review = z.infer<typeof reviewRow>;

export const reviewPage = pageOf(reviewRow).extend({
  /** Averages over the filtered scope's reviews, and the shop's stored rating when one shop is chosen. */
  summary: z.object({
    count: z.number().int(),
    average: z.number(),
    unreplied: z.number().int(),
    shopRating: z.number().nullable(),
  }),
});
export type ReviewPage = z.infer<typeof reviewPage>;

/** shangjiahuifu: the review, and whether an earlier reply was replaced. */
export const replyResult = z.object({ id: z.number().int(), edited: z.boolean() });
