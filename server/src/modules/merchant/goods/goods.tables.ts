import type { Generated } from 'kysely';

export interface GoodsTable {
  id: Generated<number>;
  merchantId: number;
  shopId: number;
  fuwuId: number;
  name: string;
  coverUrl: string;
  images: string; // JSON string[]
  price: number; // fen
  originalPrice: number; // fen
  unit: string;
  durationMinutes: number;
  minQuantity: number;
  tags: string; // JSON string[]
  intro: string | null;
  shelfState: number;
  /** Legacy, neither read nor written: 销量 is counted from the orders (goods.repo.ts soldOrders). */
  sales: number;
  sort: number;
  createdAt: string;
  updatedAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    goods: GoodsTable;
  }
}
