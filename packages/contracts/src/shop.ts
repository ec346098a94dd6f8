import { z } from 'zod';
import { distinctIds, jsonField, optionalStatus, optionalText, pageQuery, statusFlag } from './common.ts';
import { MAX_TRAVEL_BUFFER_MINUTES, weeklyHoursSchema } from './dispatch.ts';
import { DEFAULT_ARRIVAL_RADIUS_M } from './staff.ts';

/** A shop's platform audit: 0 待审核 / 1 已通过 / 2 已驳回 (dictionary `shop_audit_status`). */
export const SHOP_AUDIT_STATUS = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;
/** A shop's 营业 state (column `yingyeState`, fixed by the API): 0 休息中 / 1 营业中. */
export const SHOP_OPEN_STATE = { CLOSED: 0, OPEN: 1 } as const;

/** An empty form field means "no value" (null), so an edit can clear it. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/**
 * Uploaded files are served from our own origin ("/...") or an object store (https://...); small inline images
 * (base64 data URIs, e.g. generated demo covers) are accepted too: browsers never run scripts inside an <img>.
 */
export const imageUrl = z.union(
  [
    z
      .string()
      .trim()
      .max(500, '图片地址过长')
      .regex(/^(https?:\/\/|\/)[^\s"'<>]+$/, '图片地址无效'),
    z
      .string()
      .trim()
      .max(20_000, '图片过大')
      .regex(/^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/]+={0,2}$/, '图片地址无效'),
  ],
  { error: '图片地址无效' },
);

export const optionalImageUrl = z.preprocess(blankToNull, imageUrl.nullable().optional());
export const imageList = jsonField(z.array(imageUrl, { error: '图片列表格式错误' }).max(9, '最多上传 9 张图片'));

/** A service-area point (GCJ-02, as the map widget draws it). */
export const latLng = z.object({
  lat: z.number({ error: '坐标须为数字' }).min(-90, '纬度超出范围').max(90, '纬度超出范围'),
  lng: z.number({ error: '坐标须为数字' }).min(-180, '经度超出范围').max(180, '经度超出范围'),
});
export type LatLng = z.infer<typeof latLng>;

function cross(o: LatLng, a: LatLng, b: LatLng) {
  return (a.lng - o.lng) * (b.lat - o.lat) - (a.lat - o.lat) * (b.lng - o.lng);
}
function onSegment(p: LatLng, q: LatLng, r: LatLng) {
  return (
    Math.min(p.lng, r.lng) <= q.lng &&
    q.lng <= Math.max(p.lng, r.lng) &&
    Math.min(p.lat, r.lat) <= q.lat &&
    q.lat <= Math.max(p.lat, r.lat)
  );
}
/** Whether segments p1p2 and p3p4 touch or cross (collinear overlaps included). */
export function segmentsIntersect(p1: LatLng, p2: LatLng, p3: LatLng, p4: LatLng) {
  const d1 = cross(p3, p4, p1);
  const d2 = cross(p3, p4, p2);
  const d3 = cross(p1, p2, p3);
  const d4 = cross(p1, p2, p4);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  if (d1 === 0 && onSegment(p3, p1, p4)) return true;
  if (d2 === 0 && onSegment(p3, p2, p4)) return true;
  if (d3 === 0 && onSegment(p1, p3, p2)) return true;
  if (d4 === 0 && onSegment(p1, p4, p2)) return true;
  return false;
}

/** A closed ring (the last point joins the first) crosses itself when two non-adjacent edges meet. */
export function isSelfCrossing(points: LatLng[]) {
  const n = points.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const adjacent = j === i + 1 || (i === 0 && j === n - 1);
      if (adjacent) continue;
      if (segmentsIntersect(points[i], points[(i + 1) % n], points[j], points[(j + 1) % n])) return true;
    }
  }
  return false;
}

/** Twice the signed area of a ring (shoelace, in degrees²): 0 when every point lies on one line. */
export function ringArea2(points: LatLng[]) {
  let a = 0;
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    const q = points[(i + 1) % points.length];
    a += p.lng * q.lat - q.lng * p.lat;
  }
  return a;
}

/** The service area: empty (not drawn yet) or a simple polygon of 3 to 200 points enclosing some area. */
export const serviceAreaSchema = z
  .array(latLng, { error: '服务区域格式错误' })
  .max(200, '服务区域最多 200 个点')
  .superRefine((pts, ctx) => {
    if (pts.length === 0) return;
    if (pts.length < 3) ctx.addIssue({ code: 'custom', message: '服务区域至少需要 3 个点' });
    else if (new Set(pts.map((p) => `${p.lat},${p.lng}`)).size !== pts.length)
      ctx.addIssue({ code: 'custom', message: '服务区域有重复的点' });
    else if (isSelfCrossing(pts)) ctx.addIssue({ code: 'custom', message: '服务区域的边不能相互交叉' });
    // Three points on one line (a triangle can't cross itself) enclose nothing: no address lies inside.
    else if (Math.abs(ringArea2(pts)) < 1e-12)
      ctx.addIssue({ code: 'custom', message: '服务区域的点不能在同一条直线上' });
  });
export const serviceAreaField = jsonField(serviceAreaSchema);

const HHMM = '([01]\\d|2[0-3]):[0-5]\\d';
const timeRange = new RegExp(`^${HHMM}-${HHMM}$`);
const rangeOk = (s: string) => {
  const [a, b] = s.split('-');
  return a < b;
};
export const businessHoursSchema = z
  .string()
  .trim()
  .regex(timeRange, '营业时间格式应为 08:00-20:00')
  .refine(rangeOk, '营业结束时间须晚于开始时间');

const regionCode = (label: string) =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .regex(/^\d{6}$/, `${label}编码须为 6 位数字`)
      .nullable()
      .optional(),
  );
const optionalCoord = (min: number, max: number, label: string) =>
  z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: `${label}须为数字` })
      .min(min, `${label}超出范围`)
      .max(max, `${label}超出范围`)
      .nullable()
      .optional(),
  );

export const shopPhone = z
  .string({ error: '请输入联系电话' })
  .trim()
  .regex(/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/, '请输入正确的手机号或座机号（如 0359-2345678）');

/** The editable fields of a shop (docs/decisions.md#shops). Settings of findDianpuShezhiInfo travel with edit. */
export const shopFields = z.object({
  name: z.string({ error: '请输入店铺名称' }).trim().min(2, '店铺名称至少 2 个字').max(50, '店铺名称最多 50 个字'),
  logoUrl: optionalImageUrl,
  images: imageList.optional(),
  contactName: z.preprocess(blankToNull, z.string().trim().max(20, '联系人最多 20 个字').nullable().optional()),
  phone: z.preprocess(blankToNull, shopPhone.nullable().optional()),
  provinceCode: regionCode('省份'),
  cityCode: regionCode('城市'),
  districtCode: regionCode('区县'),
  address: z.preprocess(blankToNull, z.string().trim().max(200, '详细地址最多 200 个字').nullable().optional()),
  lat: optionalCoord(-90, 90, '纬度'),
  lng: optionalCoord(-180, 180, '经度'),
  serviceArea: serviceAreaField.optional(),
  businessHours: z.preprocess(blankToNull, businessHoursSchema.nullable().optional()),
  intro: z.preprocess(blankToNull, z.string().max(50_000, '店铺介绍过长').nullable().optional()),
  fuwuIds: jsonField(
    distinctIds(z.array(z.number().int().positive(), { error: '服务类目格式错误' }).max(50, '最多选择 50 个服务类目')),
  ).optional(),
});

export const timeSlot = z
  .string()
  .trim()
  .regex(timeRange, '服务时段格式应为 09:00-11:00')
  .refine(rangeOk, '时段结束须晚于开始');

/** The clock-in radius a shop may set (米): below 50 a phone's position error alone would flag her, above 5 km says nothing. */
export const MIN_ARRIVAL_RADIUS_M = 50;
export const MAX_ARRIVAL_RADIUS_M = 5000;

/** findDianpuShezhiInfo: the shop's order settings. */
export const shopSettingFields = z.object({
  autoAccept: statusFlag.optional(),
  newOrderSound: statusFlag.optional(),
  bookingLeadHours: z.coerce
    .number({ error: '提前预约时长须为数字' })
    .int('提前预约时长须为整数')
    .min(0, '提前预约时长不能为负')
    .max(168, '提前预约时长最多 168 小时')
    .optional(),
  serviceTimeSlots: jsonField(
    z.array(timeSlot, { error: '服务时段格式错误' }).max(24, '最多 24 个服务时段'),
  ).optional(),
  /** Minutes between two jobs of one employee (docs/dispatch.md). */
  travelBufferMinutes: z.coerce
    .number({ error: '路程缓冲须为数字' })
    .int('路程缓冲须为整数（分钟）')
    .min(0, '路程缓冲不能为负')
    .max(MAX_TRAVEL_BUFFER_MINUTES, `路程缓冲最多 ${MAX_TRAVEL_BUFFER_MINUTES} 分钟`)
    .optional(),
  /** How far (m) an employee's clock-in (到达) may be from the order's address before the board flags it. */
  arrivalRadiusM: z.coerce
    .number({ error: '打卡范围须为数字' })
    .int('打卡范围须为整数（米）')
    .min(MIN_ARRIVAL_RADIUS_M, `打卡范围最少 ${MIN_ARRIVAL_RADIUS_M} 米`)
    .max(MAX_ARRIVAL_RADIUS_M, `打卡范围最多 ${MAX_ARRIVAL_RADIUS_M} 米`)
    .optional(),
  /** The weekly hours a new employee of the shop starts from (排班); null / '' clears, absent = unchanged. */
  defaultWorkHours: z.preprocess((v) => (v === '' ? null : v), jsonField(weeklyHoursSchema.nullable()).optional()),
});

export const shopAddBody = shopFields.extend(shopSettingFields.shape);
export const shopEditBody = shopFields
  .partial()
  .extend(shopSettingFields.shape)
  .extend({ id: z.coerce.number().int().positive() });

export const setCurDianpuBody = z.object({ id: z.coerce.number().int().positive() });
export const setOpenBody = z.object({
  id: z.coerce.number().int().positive(),
  yingyeState: z.coerce.number({ error: '营业状态无效' }).int().min(0, '营业状态无效').max(1, '营业状态无效'),
});
export const fuzhiBody = z.object({
  fromId: z.coerce.number({ error: '请选择来源店铺' }).int().positive('请选择来源店铺'),
  toId: z.coerce.number({ error: '请选择目标店铺' }).int().positive('请选择目标店铺'),
});

export const shopSearchQuery = pageQuery.extend({
  name: optionalText(50),
  auditStatus: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().min(0).max(2).optional(),
  ),
  yingyeState: optionalStatus,
  /** Only branches of this main shop (分店管理). */
  parentId: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().positive().optional(),
  ),
  /** 1: main shops only; 0: branches only. */
  isMain: optionalStatus,
});

/** Platform shop audit (toolkit). */
export const shopAuditBody = z
  .object({
    id: z.coerce.number().int().positive(),
    auditStatus: z.coerce.number({ error: '审核结果无效' }).int().min(1, '审核结果无效').max(2, '审核结果无效'),
    auditRemark: z.preprocess(blankToNull, z.string().trim().max(200, '审核意见最多 200 个字').nullable().optional()),
  })
  .superRefine((v, ctx) => {
    if (v.auditStatus === 2 && !v.auditRemark)
      ctx.addIssue({ code: 'custom', path: ['auditRemark'], message: '驳回时请填写原因' });
  });

export const locationIssueRow = z.object({
  kind: z.enum(['partial', 'province', 'serviceArea']),
  level: z.enum(['error', 'warning']),
  message: z.string(),
});

/** A shop as the merchant's pages read it (search adds the merchant's name and the goods count). */
export const shopRow = z.object({
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
  /** An approved shop's new name waiting for the platform's review; `name` is the approved one customers see. */
  pendingName: z.string().nullable().optional(),
  /** The average of the shop's reviews; null before its first review (shown 暂无评分, never a made-up 5.0). */
  rating: z.number().nullable(),
  /** How many reviews the rating averages. */
  reviewCount: z.number().int().optional(),
  orderCount: z.number().int(),
  goodsCount: z.number().int().optional(),
  /** The region's names, "山西省 / 运城市 / 盐湖区" (null without a region). */
  regionName: z.string().nullable().optional(),
  /** What is wrong with the location (shop-location.ts): flagged to the merchant and to the platform's audit. */
  locationIssues: z.array(locationIssueRow).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ShopInfo = z.infer<typeof shopRow>;

/** A shop's order settings (findDianpuShezhiInfo). */
export const shopSettingRow = z.object({
  shopId: z.number().int(),
  autoAccept: z.number().int(),
  newOrderSound: z.number().int(),
  bookingLeadHours: z.number().int(),
  serviceTimeSlots: z.array(z.string()),
  /** Minutes after each job before the employee's next one (default 30). */
  travelBufferMinutes: z.number().int(),
  /** Clock-in radius in metres (default 500): a 到达 farther from the order's address is flagged 距离过远. */
  arrivalRadiusM: z.number().int(),
  /** New employees' weekly hours (排班); null = none set (they work the shop's business hours). */
  defaultWorkHours: weeklyHoursSchema.nullable().optional(),
});
export type ShopSetting = z.infer<typeof shopSettingRow>;

/** findById: the shop with its order settings. */
export const shopWithSetting = shopRow.extend({ setting: shopSettingRow });
export type ShopWithSetting = z.infer<typeof shopWithSetting>;

/** docs/spec-notes.md#records page/initPc: the current shop, every shop offered, whether a branch may be added, the category count. */
export const initPcResult = z.object({
  curDianpu: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  allDianpu: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      parentId: z.number().int().nullable(),
      yingyeState: z.number().int(),
      auditStatus: z.number().int(),
    }),
  ),
  isAddFendian: z.boolean(),
  shangjiaInfoFuwuCount: z.number().int(),
});
export type InitPc = z.infer<typeof initPcResult>;

export const DEFAULT_SETTING: Omit<ShopSetting, 'shopId'> = {
  autoAccept: 0,
  newOrderSound: 1,
  bookingLeadHours: 2,
  serviceTimeSlots: ['08:00-10:00', '10:00-12:00', '14:00-16:00', '16:00-18:00'],
  travelBufferMinutes: 30,
  arrivalRadiusM: DEFAULT_ARRIVAL_RADIUS_M,
  defaultWorkHours: null,
};

/** At most this many branch shops under one main shop. */
export const MAX_BRANCHES = 20;
