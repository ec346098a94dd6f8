import type { SpecMode } from '@jz/contracts/goods-pricing';
import type { Generated } from 'kysely';

/**
 * A goods item's specifications (规格; migration 0420, docs/goods-specifications.md). The price rules are
 * packages/contracts/src/goods-pricing.ts (quoteSpec, priceRange, adjustPrice).
 */
export interface GoodsSpecTable {
  id: Generated<number>;
  merchantId: number;
  goodsId: number;
  name: string;
  mode: SpecMode;
  unit: string;
  /** fen: package price (fixed), band price (area_band), unit price (per_unit). */
  price: number;
  /** fen; null = none. */
  originalPrice: number | null;
  minQuantity: number;
  maxQuantity: number | null;
  /** fen, per_unit only. */
  minCharge: number | null;
  /** Whole ㎡, area_band only, inclusive; null = open. */
  areaMin: number | null;
  areaMax: number | null;
  /** Per unit (per_unit) or per job (fixed: per package; area_band); null = not set (migrated per-㎡ goods). */
  durationMinutes: number | null;
  /** Orders left to sell; null = unlimited. */
  stock: number | null;
  /** Orders per appointment day; null = unlimited. */
  dailyCapacity: number | null;
  /** 1 启用 / 0 停用. */
  status: number;
  sort: number;
  createdAt: string;
  updatedAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    goodsSpec: GoodsSpecTable;
  }
}
