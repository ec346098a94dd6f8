import type { z } from 'zod';
import { shopRow, shopSettingRow } from './shop.ts';

/** A shop as the platform's audit drawer reads it (any merchant's): the shop row with its order settings. */
export const shopAuditDetail = shopRow.omit({ goodsCount: true }).extend({ setting: shopSettingRow });
export type ShopAuditDetail = z.infer<typeof shopAuditDetail>;
