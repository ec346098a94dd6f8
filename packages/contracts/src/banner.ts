import { z } from 'zod';
import { optionalStatus, optionalText, pageQuery, statusFlag } from './common.ts';
import { imageUrlField } from './user.ts';

export const BANNER_POSITIONS = ['weapp_home', 'weapp_service', 'merchant_home'] as const;

/** An ISO-8601 moment (the web sends dayjs().toISOString()); empty means open-ended. */
export const optionalMoment = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.iso
    .datetime({ offset: true, error: '时间格式无效' })
    .transform((s) => new Date(s).toISOString())
    .optional(),
);
export const nullableMoment = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .union([
      z.null(),
      z.iso.datetime({ offset: true, error: '时间格式无效' }).transform((s) => new Date(s).toISOString()),
    ])
    .optional(),
);

const linkField = z
  .string()
  .trim()
  .max(500, '链接最多 500 个字符')
  .regex(/^(\/[^\s]*|https?:\/\/[^\s"'<>]+)$/, '链接须以 / 或 http(s):// 开头');

export const bannerQuery = pageQuery.extend({
  title: optionalText(50),
  position: z.preprocess((v) => (v === '' ? undefined : v), z.enum(BANNER_POSITIONS).optional()),
  status: optionalStatus,
});

export const bannerAddBody = z
  .object({
    title: z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(50, '标题最多 50 个字'),
    imageUrl: imageUrlField,
    linkUrl: z.preprocess((v) => (v === '' ? undefined : v), linkField.optional()),
    position: z.enum(BANNER_POSITIONS, { error: '请选择展示位置' }),
    sort: z.coerce.number().int().min(0, '排序不能为负').max(9999).default(0),
    status: statusFlag.default(0),
    startAt: optionalMoment,
    endAt: optionalMoment,
  })
  .refine((b) => !b.startAt || !b.endAt || b.startAt < b.endAt, { message: '结束时间须晚于开始时间', path: ['endAt'] });

export const bannerEditBody = z.object({
  id: z.coerce.number().int().positive(),
  title: z.string().trim().min(1, '请输入标题').max(50, '标题最多 50 个字').optional(),
  imageUrl: imageUrlField.optional(),
  linkUrl: z.preprocess((v) => (v === '' ? null : v), z.union([z.null(), linkField]).optional()),
  position: z.enum(BANNER_POSITIONS, { error: '请选择展示位置' }).optional(),
  sort: z.coerce.number().int().min(0, '排序不能为负').max(9999).optional(),
  status: statusFlag.optional(),
  startAt: nullableMoment,
  endAt: nullableMoment,
});

/** lunbotu/live/findAllByList: the position to show (the merchant console's home by default). */
export const liveBannerQuery = z.object({ position: z.enum(BANNER_POSITIONS).default('merchant_home') });

/** A banner as the platform's list answers it. */
export const bannerRow = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string().nullable(),
  position: z.string(),
  sort: z.number().int(),
  status: z.number().int(),
  startAt: z.string().nullable(),
  endAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Banner = z.infer<typeof bannerRow>;

/** A banner showing now at a position. */
export const liveBannerRow = bannerRow.pick({
  id: true,
  title: true,
  imageUrl: true,
  linkUrl: true,
  position: true,
  sort: true,
});
