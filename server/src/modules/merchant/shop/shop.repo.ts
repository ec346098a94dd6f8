import type { WeeklyHours } from '@jz/contracts/dispatch';
import type { InitPc } from '@jz/contracts/auth';
import type { Page } from '@jz/contracts/envelope';
import {
  DEFAULT_SETTING,
  MAX_BRANCHES as MAX,
  type ShopInfo,
  type ShopSetting,
  SHOP_AUDIT_STATUS,
  SHOP_OPEN_STATE,
} from '@jz/contracts/shop';
import { type GeoPoint, locationIssues } from '@jz/contracts/shop-location';
import { type Selectable, sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import type { ShopTable } from '../../../db/schema.ts';
import { business, invalid, notFound } from '../../../lib/errors.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import { sanitizeRichText } from '../../../lib/sanitize.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { nowIso } from '../../../lib/time.ts';
import {
  CITY_TOLERANCE_KM,
  inCityOutline,
  regionLabel,
  regionNames,
  regionPathProblem,
} from '../../common/region/region.service.ts';
import { assertCategoryIds } from '../fuwu/fuwu.service.ts';
import { copyShopGoods } from '../goods/goods.service.ts';
import '../goods/goods.tables.ts';
import '../review/review.tables.ts';
import './shop.tables.ts';

export const MAX_BRANCHES = MAX;

/** A shop of the caller's merchant, or 2002: another merchant's shop is indistinguishable from a missing one. */
export async function findOwnShop(
  db: DB,
  t: Pick<Tenant, 'merchantId'> & Partial<Pick<Tenant, 'allowedShopIds'>>,
  id: number,
) {
  // A sub-account limited to some shops: a shop outside its limit is not found either.
  if (t.allowedShopIds && !t.allowedShopIds.includes(id)) throw notFound('店铺不存在');
  const shop = await db
    .selectFrom('shop')
    .selectAll()
    .where('id', '=', id)
    .where('merchantId', '=', t.merchantId)
    .executeTakeFirst();
  if (!shop) throw notFound('店铺不存在');
  return shop;
}

/** docs/spec-notes.md#records shop page init: current shop, all shops, whether a branch may be added, category count of the current shop. */
export async function initPc(db: DB, t: Tenant): Promise<InitPc> {
  let shops = await db
    .selectFrom('shop')
    .select(['id', 'name', 'parentId', 'yingyeState', 'auditStatus', 'fuwuIds'])
    .where('merchantId', '=', t.merchantId)
    .orderBy('parentId', 'asc')
    .orderBy('id')
    .execute();
  // A sub-account limited to some shops is offered only those.
  if (t.allowedShopIds) shops = shops.filter((s) => t.allowedShopIds?.includes(s.id));
  const cur = shops.find((s) => s.id === t.shopId) ?? null;
  const main = shops.find((s) => s.parentId === null);
  const branches = shops.filter((s) => s.parentId !== null).length;
  return {
    curDianpu: cur && { id: cur.id, name: cur.name },
    allDianpu: shops.map(({ fuwuIds: _f, ...s }) => s),
    // Only an account holding every shop may open one (shop.routes.ts add).
    isAddFendian:
      !t.allowedShopIds && !!main && main.auditStatus === SHOP_AUDIT_STATUS.APPROVED && branches < MAX_BRANCHES,
    shangjiaInfoFuwuCount: cur ? (JSON.parse(cur.fuwuIds) as unknown[]).length : 0,
  };
}

export async function setCurrentShop(db: DB, t: Tenant, shopId: number) {
  await findOwnShop(db, t, shopId);
  await db.updateTable('user').set({ currentShopId: shopId }).where('id', '=', t.user.id).execute();
}

const parseArr = <T>(s: string | null): T[] => {
  try {
    const v = JSON.parse(s ?? '[]');
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
};

type ShopRowIn = Selectable<ShopTable> & { merchantName?: string; goodsCount?: number };

/**
 * A stored shop as the API answers it. `reviewCount` (from shopExtras): with none, the rating is null (暂无评分):
 * the column's 5 is only the value a new row starts with, not anyone's opinion.
 */
export function toShopInfo(r: ShopRowIn, extra?: { reviewCount: number; regionName: string | null }): ShopInfo {
  const lat = r.lat === null ? null : Number(r.lat);
  const lng = r.lng === null ? null : Number(r.lng);
  const serviceArea = parseArr<GeoPoint>(r.serviceArea);
  const reviewCount = extra?.reviewCount ?? 0;
  return {
    ...r,
    lat,
    lng,
    rating: reviewCount > 0 ? Number(r.rating) : null,
    reviewCount,
    images: parseArr<string>(r.images),
    serviceArea,
    fuwuIds: parseArr<number>(r.fuwuIds),
    regionName: extra?.regionName ?? null,
    locationIssues: locationIssues({ provinceCode: r.provinceCode, lat, lng, serviceArea }),
    ...(r.goodsCount !== undefined ? { goodsCount: Number(r.goodsCount) } : {}),
  };
}

/** Review counts and region names of some shops (two queries for a page of them). */
async function shopExtras(db: DB, rows: Pick<ShopRowIn, 'id' | 'provinceCode' | 'cityCode' | 'districtCode'>[]) {
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await db
        .selectFrom('review')
        .select(['shopId', sql<number>`count(*)`.as('n')])
        .where('shopId', 'in', ids)
        .groupBy('shopId')
        .execute()
    : [];
  const names = await regionNames(
    db,
    rows.flatMap((r) => [r.provinceCode, r.cityCode, r.districtCode]).filter((c): c is string => !!c),
  );
  const n = new Map(counts.map((c) => [c.shopId, Number(c.n)]));
  return (r: ShopRowIn) =>
    toShopInfo(r, {
      reviewCount: n.get(r.id) ?? 0,
      regionName: regionLabel(names, [r.provinceCode, r.cityCode, r.districtCode]),
    });
}

/** Shops as the API answers them, with their review counts and region names. */
export async function toShopInfos(db: DB, rows: ShopRowIn[]) {
  const to = await shopExtras(db, rows);
  return rows.map(to);
}

export async function shopDetail(db: DB, t: Pick<Tenant, 'merchantId'>, id: number) {
  const [shop] = await toShopInfos(db, [await findOwnShop(db, t, id)]);
  return shop;
}

export async function settingOf(db: DB, shopId: number): Promise<ShopSetting> {
  const s = await db.selectFrom('shopSetting').selectAll().where('shopId', '=', shopId).executeTakeFirst();
  if (!s) return { shopId, ...DEFAULT_SETTING };
  return {
    shopId,
    autoAccept: s.autoAccept,
    newOrderSound: s.newOrderSound,
    bookingLeadHours: s.bookingLeadHours,
    serviceTimeSlots: parseArr(s.serviceTimeSlots),
    travelBufferMinutes: s.travelBufferMinutes,
    arrivalRadiusM: s.arrivalRadiusM,
    defaultWorkHours: s.defaultWorkHours ? (JSON.parse(s.defaultWorkHours) as WeeklyHours) : null,
  };
}

export type ShopInput = {
  name?: string;
  logoUrl?: string | null;
  images?: string[];
  contactName?: string | null;
  phone?: string | null;
  provinceCode?: string | null;
  cityCode?: string | null;
  districtCode?: string | null;
  address?: string | null;
  lat?: number | null;
  lng?: number | null;
  serviceArea?: { lat: number; lng: number }[];
  businessHours?: string | null;
  intro?: string | null;
  fuwuIds?: number[];
};
export type SettingInput = {
  autoAccept?: number;
  newOrderSound?: number;
  bookingLeadHours?: number;
  serviceTimeSlots?: string[];
  travelBufferMinutes?: number;
  arrivalRadiusM?: number;
  defaultWorkHours?: WeeklyHours | null;
};

const SETTING_KEYS = [
  'autoAccept',
  'newOrderSound',
  'bookingLeadHours',
  'serviceTimeSlots',
  'travelBufferMinutes',
  'arrivalRadiusM',
  'defaultWorkHours',
] as const;

function splitInput(v: ShopInput & SettingInput) {
  const setting: SettingInput = {};
  const shop: ShopInput = {};
  for (const [k, val] of Object.entries(v)) {
    if (val === undefined) continue;
    if ((SETTING_KEYS as readonly string[]).includes(k)) (setting as Record<string, unknown>)[k] = val;
    else (shop as Record<string, unknown>)[k] = val;
  }
  return { shop, setting };
}

/** Shop columns from validated input: JSON arrays as text, rich text cleaned. */
function shopColumns(v: ShopInput) {
  const { images, serviceArea, fuwuIds, intro, ...rest } = v;
  return {
    ...rest,
    ...(images !== undefined && { images: JSON.stringify(images) }),
    ...(serviceArea !== undefined && { serviceArea: JSON.stringify(serviceArea) }),
    ...(fuwuIds !== undefined && { fuwuIds: JSON.stringify(fuwuIds) }),
    ...(intro !== undefined && { intro: intro === null ? null : sanitizeRichText(intro) }),
  };
}

async function upsertSetting(db: DB, shopId: number, s: SettingInput) {
  if (!Object.keys(s).length) return;
  const now = nowIso();
  const { serviceTimeSlots: slots, defaultWorkHours: hours, ...flags } = s;
  const cols = {
    ...flags,
    ...(slots && { serviceTimeSlots: JSON.stringify([...new Set(slots)].sort()) }),
    ...(hours !== undefined && { defaultWorkHours: hours && JSON.stringify(hours) }),
  };
  const cur = await db.selectFrom('shopSetting').select('id').where('shopId', '=', shopId).executeTakeFirst();
  if (cur)
    await db
      .updateTable('shopSetting')
      .set({ ...cols, updatedAt: now })
      .where('id', '=', cur.id)
      .execute();
  else {
    const d = DEFAULT_SETTING;
    await db
      .insertInto('shopSetting')
      .values({
        shopId,
        autoAccept: s.autoAccept ?? d.autoAccept,
        newOrderSound: s.newOrderSound ?? d.newOrderSound,
        bookingLeadHours: s.bookingLeadHours ?? d.bookingLeadHours,
        serviceTimeSlots: cols.serviceTimeSlots ?? JSON.stringify(d.serviceTimeSlots),
        travelBufferMinutes: s.travelBufferMinutes ?? d.travelBufferMinutes,
        arrivalRadiusM: s.arrivalRadiusM ?? d.arrivalRadiusM,
        defaultWorkHours: cols.defaultWorkHours ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();
  }
}

const LOCATION_KEYS = ['provinceCode', 'cityCode', 'districtCode', 'lat', 'lng', 'serviceArea'] as const;

/**
 * The location rule (packages/contracts/src/shop-location.ts, docs/shops.md "Location"): the region codes form a path
 * of the region tree, latitude and longitude come together, and a point outside the stated province is refused
 * (2001). Answers the warnings that do not refuse (a shop outside its own service area).
 */
async function checkLocation(
  db: DB,
  v: Pick<ShopInput, 'provinceCode' | 'cityCode' | 'districtCode' | 'lat' | 'lng'> & { serviceArea: GeoPoint[] },
): Promise<string[]> {
  const problem = await regionPathProblem(db, v);
  if (problem) throw invalid(problem);
  const issues = locationIssues(v);
  const refused = issues.find((i) => i.level === 'error');
  if (refused) throw invalid(refused.message);
  await checkCity(db, v);
  return issues.map((i) => i.message);
}

const fmt6 = (n: number) => String(Math.round(n * 1e6) / 1e6);

/**
 * The city-level rule (docs/shops.md "Location"): a point more than CITY_TOLERANCE_KM outside the outline of the city
 * it names (a county under its province directly: its own) is refused, 2001. A city without a known outline is held
 * to the province rule only.
 */
async function checkCity(
  db: DB,
  v: { provinceCode?: string | null; cityCode?: string | null; districtCode?: string | null } & {
    lat?: number | null;
    lng?: number | null;
  },
) {
  if (!v.cityCode || v.lat == null || v.lng == null) return;
  const r = await inCityOutline(v.cityCode, v.districtCode, { lat: v.lat, lng: v.lng });
  if (!r || r.inside) return;
  const codes = [v.provinceCode, v.cityCode, v.districtCode];
  const names =
    regionLabel(
      await regionNames(
        db,
        codes.filter((c): c is string => !!c),
      ),
      codes,
    ) ?? v.cityCode;
  throw invalid(
    `店铺位置（纬度 ${fmt6(v.lat)}，经度 ${fmt6(v.lng)}）不在所选地区「${names}」范围内` +
      `（距该市边界约 ${r.km >= 10 ? Math.round(r.km) : r.km} 公里，允许 ${CITY_TOLERANCE_KM} 公里以内），` +
      '请在地图上重新选择位置或更正所在地区',
  );
}

/**
 * The merchant's first shop becomes its main shop; later ones are branches of it, allowed once the main shop is
 * approved and while fewer than MAX_BRANCHES exist. New shops wait for the platform's audit, closed.
 */
export async function addShop(db: DB, t: Tenant, input: ShopInput & SettingInput & { name: string }) {
  const { shop, setting } = splitInput(input);
  if (shop.fuwuIds) shop.fuwuIds = await assertCategoryIds(db, shop.fuwuIds);
  const warnings = await checkLocation(db, { ...shop, serviceArea: shop.serviceArea ?? [] });
  const added = await db.transaction().execute(async (trx) => {
    // Serialise concurrent adds of one merchant (the branch cap) by touching its row first.
    await trx.updateTable('merchant').set({ updatedAt: nowIso() }).where('id', '=', t.merchantId).execute();
    const shops = await trx
      .selectFrom('shop')
      .select(['id', 'parentId', 'auditStatus', 'name'])
      .where('merchantId', '=', t.merchantId)
      .execute();
    const main = shops.find((s) => s.parentId === null);
    if (main) {
      if (main.auditStatus !== SHOP_AUDIT_STATUS.APPROVED) throw business('总店审核通过后才能开设分店');
      if (shops.length - 1 >= MAX_BRANCHES) throw business(`最多开设 ${MAX_BRANCHES} 家分店`);
    }
    if (shops.some((s) => s.name === shop.name)) throw business(`店铺名称「${shop.name}」已存在`);
    const now = nowIso();
    const cols = shopColumns(shop);
    const { id } = await trx
      .insertInto('shop')
      .values({
        images: '[]',
        serviceArea: '[]',
        fuwuIds: '[]',
        ...cols,
        name: shop.name!,
        merchantId: t.merchantId,
        parentId: main?.id ?? null,
        yingyeState: SHOP_OPEN_STATE.CLOSED,
        auditStatus: SHOP_AUDIT_STATUS.PENDING,
        auditRemark: null,
        rating: 5,
        orderCount: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await upsertSetting(trx, id, setting);
    if (!main) await trx.updateTable('user').set({ currentShopId: id }).where('id', '=', t.user.id).execute();
    return { id, parentId: main?.id ?? null };
  });
  return { ...added, warnings };
}

/**
 * Edits one of the merchant's shops. A rejected shop goes back to the audit queue once edited. An approved shop is
 * public under its name, so a new name waits for the platform's review in pendingName (the rest applies at once);
 * asking for the approved name again withdraws the request. Answers the name now waiting, if any.
 */
export async function editShop(
  db: DB,
  t: Tenant,
  id: number,
  input: ShopInput & SettingInput,
): Promise<{ pendingName: string | null; warnings: string[] }> {
  const cur = await findOwnShop(db, t, id);
  const { shop, setting } = splitInput(input);
  // The location is checked whole (what is sent over what is stored) whenever a part of it is sent.
  const warnings = LOCATION_KEYS.some((k) => shop[k] !== undefined)
    ? await checkLocation(db, {
        provinceCode: shop.provinceCode !== undefined ? shop.provinceCode : cur.provinceCode,
        cityCode: shop.cityCode !== undefined ? shop.cityCode : cur.cityCode,
        districtCode: shop.districtCode !== undefined ? shop.districtCode : cur.districtCode,
        lat: shop.lat !== undefined ? shop.lat : cur.lat === null ? null : Number(cur.lat),
        lng: shop.lng !== undefined ? shop.lng : cur.lng === null ? null : Number(cur.lng),
        serviceArea: shop.serviceArea ?? parseArr<GeoPoint>(cur.serviceArea),
      })
    : [];
  // undefined: the pending request is left as it is.
  let pendingName: string | null | undefined;
  if (shop.name !== undefined && cur.auditStatus === SHOP_AUDIT_STATUS.APPROVED) {
    pendingName = shop.name === cur.name ? null : shop.name;
    delete shop.name;
  } else if (shop.name !== undefined) pendingName = null;
  if (shop.fuwuIds) {
    shop.fuwuIds = await assertCategoryIds(db, shop.fuwuIds);
    const dropped = parseArr<number>(cur.fuwuIds).filter((f) => !shop.fuwuIds!.includes(f));
    if (dropped.length) {
      const used = await db
        .selectFrom('goods')
        .innerJoin('fuwu', 'fuwu.id', 'goods.fuwuId')
        .select('fuwu.name')
        .where('goods.shopId', '=', id)
        .where('goods.fuwuId', 'in', dropped)
        .executeTakeFirst();
      if (used) throw business(`服务类目「${used.name}」下还有商品，不能移除`);
    }
  }
  const newName = shop.name ?? pendingName;
  if (newName && newName !== cur.name) {
    // Names are unique within the merchant, those waiting for review included.
    const clash = await db
      .selectFrom('shop')
      .select('id')
      .where('merchantId', '=', t.merchantId)
      .where((eb) => eb.or([eb('name', '=', newName), eb('pendingName', '=', newName)]))
      .where('id', '!=', id)
      .executeTakeFirst();
    if (clash) throw business(`店铺名称「${newName}」已存在`);
  }
  await db.transaction().execute(async (trx) => {
    const cols = shopColumns(shop);
    const resubmit =
      cur.auditStatus === SHOP_AUDIT_STATUS.REJECTED
        ? { auditStatus: SHOP_AUDIT_STATUS.PENDING, auditRemark: null }
        : {};
    const held = pendingName !== undefined && pendingName !== cur.pendingName ? { pendingName } : {};
    if (Object.keys(cols).length || Object.keys(resubmit).length || Object.keys(held).length)
      await trx
        .updateTable('shop')
        .set({ ...cols, ...resubmit, ...held, updatedAt: nowIso() })
        .where('id', '=', id)
        .where('merchantId', '=', t.merchantId)
        .execute();
    await upsertSetting(trx, id, setting);
  });
  return { pendingName: pendingName === undefined ? cur.pendingName : pendingName, warnings };
}

/** Open (1) or close (0) a shop; only an approved shop may open. */
export async function setOpen(db: DB, t: Tenant, id: number, state: number) {
  const shop = await findOwnShop(db, t, id);
  if (state === SHOP_OPEN_STATE.OPEN && shop.auditStatus !== SHOP_AUDIT_STATUS.APPROVED)
    throw business('店铺审核通过后才能营业');
  await db
    .updateTable('shop')
    .set({ yingyeState: state, updatedAt: nowIso() })
    .where('id', '=', id)
    .where('merchantId', '=', t.merchantId)
    .execute();
}

/**
 * Copies the goods (off the shelf, no sales, each with its specifications) and the settings of one shop into another
 * of the same merchant.
 */
export async function copyShop(db: DB, t: Tenant, fromId: number, toId: number) {
  if (fromId === toId) throw invalid('来源店铺和目标店铺不能相同');
  const from = await findOwnShop(db, t, fromId);
  const to = await findOwnShop(db, t, toId);
  return db.transaction().execute(async (trx) => {
    // each item with its specifications (docs/goods-specifications.md): new ids, same order, stock and state
    const copied = await copyShopGoods(trx, t.merchantId, from.id, to.id);
    const now = nowIso();
    const fuwuIds = [
      ...new Set([...parseArr<number>(to.fuwuIds), ...parseArr<number>(from.fuwuIds), ...copied.fuwuIds]),
    ];
    await trx
      .updateTable('shop')
      .set({ fuwuIds: JSON.stringify(fuwuIds), updatedAt: now })
      .where('id', '=', to.id)
      .execute();
    const s = await settingOf(trx, from.id);
    await upsertSetting(trx, to.id, {
      autoAccept: s.autoAccept,
      newOrderSound: s.newOrderSound,
      bookingLeadHours: s.bookingLeadHours,
      serviceTimeSlots: s.serviceTimeSlots,
      travelBufferMinutes: s.travelBufferMinutes,
      arrivalRadiusM: s.arrivalRadiusM,
      defaultWorkHours: s.defaultWorkHours ?? null,
    });
    return { copiedGoods: copied.count };
  });
}

export type ShopFilter = {
  name?: string;
  auditStatus?: number;
  yingyeState?: number;
  parentId?: number;
  isMain?: number;
  pageNum: number;
  pageSize: number;
};

/** search/findAllByPage: a merchant sees its own shops; the platform (merchantId undefined) sees all. */
export async function searchShops(
  db: DB,
  scope: { merchantId?: number; shopIds?: number[] | null },
  f: ShopFilter,
): Promise<Page<ShopInfo>> {
  let q = db.selectFrom('shop').innerJoin('merchant', 'merchant.id', 'shop.merchantId');
  if (scope.merchantId !== undefined) q = q.where('shop.merchantId', '=', scope.merchantId);
  // A sub-account limited to some shops sees only those.
  if (scope.shopIds) q = scope.shopIds.length ? q.where('shop.id', 'in', scope.shopIds) : q.where(sql<boolean>`1 = 0`);
  if (f.name) q = q.where('shop.name', 'like', likeContains(f.name));
  // 待审核 includes approved shops whose new name waits for review (they stay 已通过 and open meanwhile).
  if (f.auditStatus === SHOP_AUDIT_STATUS.PENDING)
    q = q.where((eb) =>
      eb.or([eb('shop.auditStatus', '=', SHOP_AUDIT_STATUS.PENDING), eb('shop.pendingName', 'is not', null)]),
    );
  else if (f.auditStatus !== undefined) q = q.where('shop.auditStatus', '=', f.auditStatus);
  if (f.yingyeState !== undefined) q = q.where('shop.yingyeState', '=', f.yingyeState);
  if (f.parentId !== undefined) q = q.where('shop.parentId', '=', f.parentId);
  if (f.isMain === 1) q = q.where('shop.parentId', 'is', null);
  if (f.isMain === 0) q = q.where('shop.parentId', 'is not', null);
  const page = await paginate(
    q,
    (b) =>
      b
        .selectAll('shop')
        .select('merchant.name as merchantName')
        .select((eb) =>
          eb
            .selectFrom('goods')
            .select((e) => e.fn.countAll<number>().as('c'))
            .whereRef('goods.shopId', '=', 'shop.id')
            .as('goodsCount'),
        )
        .orderBy((eb) =>
          eb.case().when('shop.pendingName', 'is not', null).then(0).else(eb.ref('shop.auditStatus')).end(),
        )
        .orderBy('shop.id', 'asc'),
    f,
  );
  return { total: page.total, records: await toShopInfos(db, page.records as never) };
}
