import { z } from 'zod';
import { licenceRow } from './licence.ts';
import { shopRow, shopSettingRow } from './shop.ts';

/** A licence of the shop's merchant as the audit drawer shows it (from the licence module). */
export const shopAuditLicence = licenceRow.pick({
  id: true,
  kind: true,
  name: true,
  number: true,
  imageUrl: true,
  validFrom: true,
  validTo: true,
  auditStatus: true,
  expiry: true,
  daysLeft: true,
});

/**
 * A shop as the platform's audit drawer reads it (any merchant's): the shop row with its order settings, its region
 * names and location issues (shop-location.ts), and its merchant's licences (营业执照 first).
 */
export const shopAuditDetail = shopRow
  .omit({ goodsCount: true })
  .extend({ setting: shopSettingRow, licences: z.array(shopAuditLicence) });
export type ShopAuditDetail = z.infer<typeof shopAuditDetail>;
