import type { SeedCtx, DemoIds } from '../../types.ts';
import { nowIso } from '../../../lib/time.ts';
import { demoImage } from './demo-image.ts';
import './shop.tables.ts';

const ids = async (ctx: SeedCtx, names: string[]) =>
  (await ctx.db.selectFrom('fuwu').select(['id', 'name']).where('name', 'in', names).execute()).map((r) => r.id);

/** Demo shops get categories, a service area, an intro and settings; merchant B's too (isolation). */
export async function seedShopDemo(ctx: SeedCtx & { demo: DemoIds }) {
  const { db, demo } = ctx;
  const now = nowIso();
  const aCats = await ids(ctx, ['日常保洁', '深度保洁', '开荒保洁', '家电清洗', '空调清洗', '油烟机清洗', '钟点工']);
  const branchCats = await ids(ctx, ['日常保洁', '家电清洗', '空调清洗', '钟点工']);
  const bCats = await ids(ctx, ['保姆', '月嫂', '育儿嫂', '日常保洁']);
  // A square around each shop (GCJ-02), about 2 km each side.
  const around = (lat: number, lng: number) =>
    JSON.stringify([
      { lat: lat + 0.01, lng: lng - 0.012 },
      { lat: lat + 0.01, lng: lng + 0.012 },
      { lat: lat - 0.01, lng: lng + 0.012 },
      { lat: lat - 0.01, lng: lng - 0.012 },
    ]);
  const shops: [number, number[], string, string, number, number][] = [
    [
      demo.merchantA.mainShopId,
      aCats,
      '<p>运城本地专业家政团队，<strong>十年</strong>保洁经验，持证上岗。</p>',
      demoImage('洁家', '#1677ff', 200, 200),
      35.031641,
      111.004468,
    ],
    [
      demo.merchantA.branchShopId,
      branchCats,
      '<p>学苑路分店：服务盐湖区南部小区，一小时内上门。</p>',
      demoImage('学苑', '#13c2c2', 200, 200),
      35.04,
      111.02,
    ],
    [
      demo.merchantB.mainShopId,
      bCats,
      '<p>太原安心家政：保姆、月嫂、育儿嫂，背景核查，签约服务。</p>',
      demoImage('安心', '#fa8c16', 200, 200),
      37.82,
      112.55,
    ],
  ];
  for (const [id, cats, intro, logo, lat, lng] of shops) {
    await db
      .updateTable('shop')
      .set({
        fuwuIds: JSON.stringify(cats),
        intro,
        logoUrl: logo,
        images: JSON.stringify([
          demoImage('门店环境', '#2f54eb', 800, 450),
          demoImage('服务团队', '#52c41a', 800, 450),
        ]),
        serviceArea: around(lat, lng),
        updatedAt: now,
      })
      .where('id', '=', id)
      .execute();
  }
  const settings = [
    {
      shopId: demo.merchantA.mainShopId,
      autoAccept: 0,
      newOrderSound: 1,
      bookingLeadHours: 2,
      serviceTimeSlots: ['08:00-10:00', '10:00-12:00', '14:00-16:00', '16:00-18:00'],
    },
    {
      shopId: demo.merchantA.branchShopId,
      autoAccept: 1,
      newOrderSound: 1,
      bookingLeadHours: 4,
      serviceTimeSlots: ['09:00-12:00', '14:00-17:00'],
    },
    {
      shopId: demo.merchantB.mainShopId,
      autoAccept: 0,
      newOrderSound: 0,
      bookingLeadHours: 24,
      serviceTimeSlots: ['08:00-12:00', '13:00-18:00'],
    },
  ];
  await db
    .insertInto('shopSetting')
    .values(
      settings.map((s) => ({
        ...s,
        serviceTimeSlots: JSON.stringify(s.serviceTimeSlots),
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
}
