import { z } from 'zod';
import { optionalDate, pageQuery } from './common.ts';

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

export interface Review {
  id: number;
  orderId: number;
  orderNo: string;
  shopId: number;
  shopName: string;
  goodsId: number;
  goodsName: string;
  employeeId: number | null;
  employeeName: string | null;
  customerNickname: string;
  rating: number;
  content: string;
  images: string[];
  anonymous: number;
  merchantReply: string | null;
  repliedAt: string | null;
  createdAt: string;
  /** Until when the reply can be written or edited (createdAt + 7 days). */
  replyDeadline: string;
  canReply: boolean;
}

export interface ReviewPage {
  records: Review[];
  total: number;
  /** Averages over the filtered scope's reviews, and per shop / goods / employee as stored. */
  summary: { count: number; average: number; unreplied: number; shopRating: number | null };
}
