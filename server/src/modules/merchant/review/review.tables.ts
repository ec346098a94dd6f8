import type { Generated } from 'kysely';

export interface ReviewTable {
  id: Generated<number>;
  orderId: number;
  merchantId: number;
  shopId: number;
  goodsId: number;
  employeeId: number | null;
  customerId: number;
  customerNickname: string;
  rating: number;
  content: string;
  images: string; // JSON string[]
  anonymous: number;
  merchantReply: string | null;
  repliedAt: string | null;
  replyUserId: number | null;
  createdAt: string;
  updatedAt: string;
}

/** Average rating per goods item (shops and employees keep theirs in their own rating column). */
export interface GoodsRatingTable {
  id: Generated<number>;
  goodsId: number;
  rating: number;
  reviewCount: number;
  createdAt: string;
  updatedAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    review: ReviewTable;
    goodsRating: GoodsRatingTable;
  }
}
