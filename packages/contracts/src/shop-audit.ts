import { z } from 'zod';
import { latLng } from './shop.ts';

/** A shop as the platform's audit drawer reads it (any merchant's), with its merchant's name and order settings. */
export const shopAuditDetail = z.object({
  id: z.number().int(),
  merchantId: z.number().int(),
  merchantName: z.string().optional(),
  parentId: z.number().int().nullable(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  images: z.array(z.string()),
  contactName: z.string().nullable(),
  phone: z.string().nullable(),
  provinceCode: z.string().nullable(),
  cityCode: z.string().nullable(),
  districtCode: z.string().nullable(),
  address: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  serviceArea: z.array(latLng),
  businessHours: z.string().nullable(),
  yingyeState: z.number().int(),
  intro: z.string().nullable(),
  fuwuIds: z.array(z.number().int()),
  auditStatus: z.number().int(),
  auditRemark: z.string().nullable(),
  /** An approved shop's new name waiting for the platform's review. */
  pendingName: z.string().nullable().optional(),
  rating: z.number(),
  orderCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  setting: z.object({
    shopId: z.number().int(),
    autoAccept: z.number().int(),
    newOrderSound: z.number().int(),
    bookingLeadHours: z.number().int(),
    serviceTimeSlots: z.array(z.string()),
  }),
});
export type ShopAuditDetail = z.infer<typeof shopAuditDetail>;
