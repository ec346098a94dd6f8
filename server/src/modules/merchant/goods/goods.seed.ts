import { type GoodsSpecInput, goodsSpecList, legacySpecOf } from '@jz/contracts/goods-pricing';
import { ensureDict } from '../../system/dict/dict.service.ts';
import type { DemoIds, SeedCtx } from '../../types.ts';
import { nowIso } from '../../../lib/time.ts';
import { demoImage } from '../shop/demo-image.ts';
import { writeSpecs } from './goods-spec.repo.ts';
import './goods-spec.tables.ts';
import './goods.tables.ts';

type Item = [
  category: string,
  name: string,
  price: number,
  original: number,
  unit: string,
  minutes: number,
  shelf: 0 | 1,
  sales: number,
  tags: string[],
  color: string,
];

const A_MAIN: Item[] = [
  ['日常保洁', '日常保洁 3 小时', 15900, 19900, '次', 180, 1, 326, ['专业工具', '准时上门'], '#1677ff'],
  ['深度保洁', '全屋深度保洁（100㎡内）', 39900, 49900, '次', 360, 1, 128, ['除菌', '死角清洁'], '#2f54eb'],
  ['开荒保洁', '新房开荒保洁', 600, 800, '平方米', 480, 1, 57, ['按面积计价'], '#722ed1'],
  ['空调清洗', '挂机空调深度清洗', 8900, 12900, '次', 60, 1, 412, ['高温蒸汽', '拆洗'], '#13c2c2'],
  ['油烟机清洗', '油烟机拆洗', 12900, 16900, '次', 90, 0, 88, ['拆洗'], '#fa8c16'],
  ['钟点工', '钟点工（按小时）', 4500, 4500, '小时', 60, 0, 240, ['2 小时起'], '#52c41a'],
];
const A_BRANCH: Item[] = [
  ['日常保洁', '学苑路·日常保洁 2 小时', 11900, 13900, '次', 120, 1, 96, ['周边一小时达'], '#1677ff'],
  ['空调清洗', '学苑路·柜机空调清洗', 15900, 19900, '次', 90, 0, 12, ['拆洗'], '#13c2c2'],
];
const B_MAIN: Item[] = [
  ['保姆', '住家保姆（月）', 650000, 700000, '月', 43200, 1, 18, ['背景核查', '签约服务'], '#fa8c16'],
  ['月嫂', '金牌月嫂 26 天', 1280000, 1500000, '天', 37440, 1, 9, ['持证上岗'], '#eb2f96'],
  ['育儿嫂', '育儿嫂（白班）', 550000, 550000, '月', 43200, 0, 5, ['早教'], '#f5222d'],
];

/** Demo goods: both shops of merchant A and merchant B's shop, some on and some off the shelf. */
export async function seedGoodsDemo({ db, demo }: SeedCtx & { demo: DemoIds }) {
  const categoryIds = new Map(
    (await db.selectFrom('fuwu').select(['id', 'name']).execute()).map((r) => [r.name, r.id]),
  );
  const now = nowIso();
  const rows = (merchantId: number, shopId: number, items: Item[]) =>
    items.map(([f, name, price, originalPrice, unit, durationMinutes, shelfState, sales, tags, color], i) => ({
      merchantId,
      shopId,
      fuwuId: categoryIds.get(f)!,
      name,
      coverUrl: demoImage(name.replace(/（.*）/, ''), color),
      images: JSON.stringify([demoImage(f, color, 800, 600)]),
      price,
      originalPrice,
      unit,
      durationMinutes,
      minQuantity: unit === '小时' ? 2 : 1,
      tags: JSON.stringify(tags),
      intro: `<p><strong>${name}</strong></p><p>服务内容：按标准流程作业，服务后由顾客验收。</p><ul><li>自带清洁工具与耗材</li><li>不满意免费返工</li></ul>`,
      shelfState,
      sales,
      sort: (i + 1) * 10,
      createdAt: now,
      updatedAt: now,
    }));
  const goods = await db
    .insertInto('goods')
    .values([
      ...rows(demo.merchantA.id, demo.merchantA.mainShopId, A_MAIN),
      ...rows(demo.merchantA.id, demo.merchantA.branchShopId, A_BRANCH),
      ...rows(demo.merchantB.id, demo.merchantB.mainShopId, B_MAIN),
    ])
    .returning(['id', 'merchantId', 'name', 'price', 'originalPrice', 'unit', 'durationMinutes', 'minQuantity'])
    .execute();
  // Each item's one specification as the goods module writes it for a single-price item; the real lists come after
  // the demo orders (seedGoodsSpecDemo).
  await db
    .insertInto('goodsSpec')
    .values(
      goods.map((g) => ({
        ...legacySpecOf({ ...g, price: Number(g.price), originalPrice: Number(g.originalPrice) }),
        merchantId: g.merchantId,
        goodsId: g.id,
        sort: 0,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
}

type Spec = Partial<GoodsSpecInput> & Pick<GoodsSpecInput, 'name' | 'mode' | 'price' | 'durationMinutes'>;

/**
 * The demo's real specification lists (docs/goods-specifications.md): per item, its specifications in
 * order; `keep` names the item's seeded one, which becomes the first of the list (same id: the demo orders placed
 * on it stay counted under it). The goods' summary price is unchanged (the kept one stays the cheapest).
 */
const DEMO_SPECS: { goods: string; rename?: string; specs: Spec[] }[] = [
  {
    goods: '学苑路·日常保洁 2 小时',
    rename: '学苑路·日常保洁（2/3/4 小时）',
    specs: [
      { name: '2小时', mode: 'fixed', unit: '次', price: 11900, originalPrice: 13900, durationMinutes: 120 },
      { name: '3小时', mode: 'fixed', unit: '次', price: 15900, originalPrice: 17900, durationMinutes: 180 },
      { name: '4小时', mode: 'fixed', unit: '次', price: 19900, originalPrice: 22900, durationMinutes: 240 },
    ],
  },
  {
    goods: '新房开荒保洁',
    specs: [
      // per ㎡ with a minimum charge: 5 minutes per ㎡, at least ¥300
      {
        name: '按面积计价',
        mode: 'per_unit',
        unit: '平方米',
        price: 600,
        originalPrice: 800,
        minCharge: 30000,
        durationMinutes: 5,
      },
    ],
  },
  {
    goods: '全屋深度保洁（100㎡内）',
    rename: '全屋深度保洁（按面积段）',
    specs: [
      // Half-open bands as merchants write them: [0, 60), [60, 90), [90, 120), [120, ∞) (85 ㎡ is 60-90㎡).
      { name: '60㎡以下', mode: 'area_band', price: 39900, originalPrice: 49900, areaMax: 60, durationMinutes: 300 },
      {
        name: '60-90㎡',
        mode: 'area_band',
        price: 52900,
        originalPrice: 62900,
        areaMin: 60,
        areaMax: 90,
        durationMinutes: 420,
      },
      {
        name: '90-120㎡',
        mode: 'area_band',
        price: 65900,
        originalPrice: 75900,
        areaMin: 90,
        areaMax: 120,
        durationMinutes: 540,
      },
      {
        name: '120㎡以上',
        mode: 'area_band',
        price: 79900,
        originalPrice: 89900,
        areaMin: 120,
        durationMinutes: 660,
      },
    ],
  },
  {
    goods: '挂机空调深度清洗',
    specs: [
      {
        name: '挂机空调',
        mode: 'fixed',
        unit: '次',
        price: 8900,
        originalPrice: 12900,
        maxQuantity: 10,
        durationMinutes: 60,
      },
      {
        name: '柜机空调',
        mode: 'fixed',
        unit: '次',
        price: 15900,
        originalPrice: 19900,
        maxQuantity: 10,
        durationMinutes: 90,
      },
      {
        name: '油烟机',
        mode: 'fixed',
        unit: '次',
        price: 12900,
        originalPrice: 16900,
        maxQuantity: 5,
        durationMinutes: 90,
      },
    ],
  },
  {
    goods: '金牌月嫂 26 天',
    rename: '金牌月嫂（26 天 / 42 天）',
    specs: [
      // 42 days outlast the longest job the model stores (MAX_SPEC_MINUTES, 30 days): the package counts 30 days
      { name: '26天', mode: 'fixed', unit: '天', price: 1280000, originalPrice: 1500000, durationMinutes: 37440 },
      { name: '42天', mode: 'fixed', unit: '天', price: 1980000, originalPrice: 2300000, durationMinutes: 43200 },
    ],
  },
];

/**
 * Gives some demo goods their real specification lists. Runs after the demo orders (goods-demo-specs.module.ts):
 * the order seed places its orders on each on-shelf item without choosing a specification, which only a
 * one-specification item allows.
 */
export async function seedGoodsSpecDemo({ db }: SeedCtx) {
  for (const item of DEMO_SPECS) {
    const g = await db
      .selectFrom('goods')
      .select(['id', 'merchantId', 'shopId'])
      .where('name', '=', item.goods)
      .executeTakeFirst();
    if (!g) continue;
    const [kept] = await db.selectFrom('goodsSpec').select('id').where('goodsId', '=', g.id).orderBy('sort').execute();
    const specs = goodsSpecList.parse(item.specs.map((s, i) => ({ ...s, id: i === 0 ? kept?.id : undefined })));
    await db.transaction().execute(async (trx) => {
      await writeSpecs(trx, { merchantId: g.merchantId, shopId: g.shopId }, g.id, specs);
      if (item.rename) await trx.updateTable('goods').set({ name: item.rename }).where('id', '=', g.id).execute();
    });
  }
}

/** Base dictionaries of goods (every start, idempotent). */
export async function seedGoodsDicts({ db }: SeedCtx) {
  await ensureDict(db, 'goods_shelf_state', '商品上下架状态', [
    { label: '下架', value: '0', tag: 'default' },
    { label: '上架', value: '1', tag: 'success' },
  ]);
  await ensureDict(db, 'goods_unit', '商品计价单位', [
    { label: '次', value: '次' },
    { label: '小时', value: '小时' },
    { label: '平方米', value: '平方米' },
    { label: '天', value: '天' },
    { label: '月', value: '月' },
  ]);
  await ensureDict(db, 'fuwu_status', '服务类目状态', [
    { label: '正常', value: '0', tag: 'success' },
    { label: '停用', value: '1', tag: 'error' },
  ]);
}
