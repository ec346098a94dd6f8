import { ensureDict } from '../../system/dict/dict.service.ts';
import type { DemoIds, SeedCtx } from '../../types.ts';
import { nowIso } from '../../../lib/time.ts';
import { demoImage } from '../shop/demo-image.ts';
import './goods.tables.ts';

type Item = [
  fuwu: string,
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
  const fuwu = new Map((await db.selectFrom('fuwu').select(['id', 'name']).execute()).map((r) => [r.name, r.id]));
  const now = nowIso();
  const rows = (merchantId: number, shopId: number, items: Item[]) =>
    items.map(([f, name, price, originalPrice, unit, durationMinutes, shelfState, sales, tags, color], i) => ({
      merchantId,
      shopId,
      fuwuId: fuwu.get(f)!,
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
  await db
    .insertInto('goods')
    .values([
      ...rows(demo.merchantA.id, demo.merchantA.mainShopId, A_MAIN),
      ...rows(demo.merchantA.id, demo.merchantA.branchShopId, A_BRANCH),
      ...rows(demo.merchantB.id, demo.merchantB.mainShopId, B_MAIN),
    ])
    .execute();
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
