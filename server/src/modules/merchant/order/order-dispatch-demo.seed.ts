import { WORK_STATE } from '@jz/contracts/employee';
import { SHELF_STATE } from '@jz/contracts/goods';
import { nextDay, shanghaiDay, wallMs, type WeeklyHours } from '@jz/contracts/dispatch';
import { AREA_UNIT, inAreaBand, SPEC_STATUS } from '@jz/contracts/goods-pricing';
import type { GeoPoint } from '@jz/contracts/shop-location';
import type { DB } from '../../../db/client.ts';
import { nowIso } from '../../../lib/time.ts';
import { openCustomerSession } from '../../customer/customer.service.ts';
import type { DemoIds } from '../../types.ts';
import { demoIdCardColumns } from '../employee/employee.seed.ts';
import { createOrder } from './order-create.service.ts';
import { demoPointInArea, keepBookedLength } from './order.seed.ts';
import { type Actor, markPaid, verifyByCode } from './order-transition.service.ts';
import { assignEmployee } from './order-assign.ts';
import { isOnDuty, parseJson, shopTime } from '../scheduling/schedule.ts';
import { suggest } from '../scheduling/suggest.ts';
import '../scheduling/scheduling.tables.ts';

/**
 * The dispatch demo (docs/dispatch.md): merchant A's main shop (运城) gets working hours, service categories and base
 * locations on its employees, four more cleaners, and a week of jobs from today placed, paid and assigned through the
 * real calls (so every rule holds: a job that would break one is simply left out), plus paid orders still waiting
 * for someone, and one job being served now. Runs after the employee (50) and order (85) seeds.
 *
 * Skipped under NODE_ENV=test: the suites share one seeded template and count its orders and employees; the dispatch
 * tests build their own schedule, and dispatch-seed.test.ts runs this seed on its own copy.
 */
const week = (days: ([string, string][] | null)[]): WeeklyHours =>
  days.map((d) => (d ?? []).map(([from, to]) => ({ from, to })));
const D = (from: string, to: string): [string, string][] => [[from, to]];

/** Hours (周一 … 周日), categories by name and base point of the main shop's staff, old and new. */
const STAFF: { name: string; hours: WeeklyHours | null; skills?: string[]; base: [number, number] }[] = [
  {
    name: '张秀兰',
    hours: week([
      D('08:00', '18:00'),
      D('08:00', '18:00'),
      D('08:00', '18:00'),
      D('08:00', '18:00'),
      D('08:00', '18:00'),
      D('08:00', '18:00'),
      null,
    ]),
    base: [35.0302, 111.0025],
  },
  {
    name: '王建国',
    hours: week([
      D('09:00', '19:00'),
      D('09:00', '19:00'),
      D('09:00', '19:00'),
      D('09:00', '19:00'),
      D('09:00', '19:00'),
      D('09:00', '12:00'),
      null,
    ]),
    base: [35.0451, 111.0183],
  },
  { name: '李桂芳', hours: null, base: [35.0213, 110.9957] },
  { name: '赵春梅', hours: null, base: [35.0382, 111.0111] },
];
const NEW_STAFF: {
  name: string;
  phone: string;
  skills: string[];
  hours: WeeklyHours | null;
  base: [number, number];
}[] = [
  {
    name: '马红梅',
    phone: '13935900008',
    skills: ['日常保洁', '深度保洁'],
    hours: week(
      Array.from(
        { length: 7 },
        () =>
          [
            ['08:00', '12:00'],
            ['13:00', '19:00'],
          ] as [string, string][],
      ),
    ),
    base: [35.0255, 111.0151],
  },
  {
    name: '冯丽娟',
    phone: '13935900009',
    skills: ['日常保洁', '开荒保洁', '擦玻璃'],
    hours: null,
    base: [35.0173, 111.0232],
  },
  {
    name: '韩伟',
    phone: '13935900010',
    skills: ['空调清洗', '油烟机清洗', '开荒保洁'],
    hours: week([
      null,
      D('08:00', '17:00'),
      D('08:00', '17:00'),
      D('08:00', '17:00'),
      D('08:00', '17:00'),
      D('08:00', '17:00'),
      D('08:00', '17:00'),
    ]),
    base: [35.0398, 110.9932],
  },
  {
    name: '郭玉兰',
    phone: '13935900011',
    skills: ['日常保洁', '收纳整理'],
    hours: week([
      D('07:30', '15:30'),
      D('07:30', '15:30'),
      D('07:30', '15:30'),
      D('07:30', '15:30'),
      D('07:30', '15:30'),
      null,
      null,
    ]),
    base: [35.0321, 111.0264],
  },
];

/** Homes in 盐湖区 (GCJ-02). */
const HOMES = [
  {
    name: '王女士',
    phone: '13935901001',
    address: '山西省运城市盐湖区河东东街 88 号 3 单元 502',
    lat: 35.0265,
    lng: 111.0072,
  },
  {
    name: '李先生',
    phone: '13935901002',
    address: '山西省运城市盐湖区学苑路 16 号 水岸东方 7-1-201',
    lat: 35.0411,
    lng: 111.0213,
  },
  {
    name: '赵女士',
    phone: '13935901003',
    address: '山西省运城市盐湖区解放南路 120 号 阳光花园 2-302',
    lat: 35.0188,
    lng: 110.9986,
  },
  {
    name: '陈先生',
    phone: '13935901004',
    address: '山西省运城市盐湖区人民北路 9 号 金色家园 5-1101',
    lat: 35.0352,
    lng: 111.0101,
  },
  {
    name: '刘女士',
    phone: '13935901005',
    address: '山西省运城市盐湖区中银大道 66 号 盐湖明珠 12-2-1801',
    lat: 35.0099,
    lng: 111.0177,
  },
  {
    name: '周先生',
    phone: '13935901006',
    address: '山西省运城市盐湖区红旗东街 203 号 御景园 3-602',
    lat: 35.0298,
    lng: 111.0335,
  },
  {
    name: '吴女士',
    phone: '13935901007',
    address: '山西省运城市盐湖区机场路 18 号 康馨苑 6-402',
    lat: 35.0506,
    lng: 111.0047,
  },
  {
    name: '郑女士',
    phone: '13935901008',
    address: '山西省运城市盐湖区槐东路 31 号 书香门第 1-1502',
    lat: 35.0229,
    lng: 111.0258,
  },
];

/**
 * Each employee's day: start times, by the goods' category; the pattern shifts with the day. A cleaner has a full
 * day (two jobs) one day in three and a single morning or afternoon job otherwise, so the board looks busy while a
 * customer trying the shop still finds free starts on every coming day (demo-seed-hours.test.ts measures it).
 */
const PATTERNS: Record<string, string[][]> = {
  日常保洁: [['08:30', '14:00'], ['09:00'], ['14:30']],
  深度保洁: [['09:00'], ['08:30']],
  空调清洗: [
    ['09:00', '10:30', '14:00', '16:00'],
    ['09:30', '14:00', '16:00'],
  ],
  开荒保洁: [['08:30']],
};

export async function seedDemoDispatch(db: DB, demo: DemoIds) {
  if (process.env.NODE_ENV === 'test') return;
  await seedDispatchWeek(db, demo);
}

/** The demo week itself (also called by dispatch-seed.test.ts on its own database). */
export async function seedDispatchWeek(db: DB, demo: DemoIds, now = Date.now()) {
  const shopId = demo.merchantA.mainShopId;
  const merchantId = demo.merchantA.id;
  const categories = await db.selectFrom('fuwu').select(['id', 'name']).execute();
  const categoriesOf = (names: string[]) => categories.filter((f) => names.includes(f.name)).map((f) => f.id);
  const stamp = nowIso();

  await db.updateTable('shopSetting').set({ travelBufferMinutes: 30 }).where('shopId', '=', shopId).execute();
  for (const s of STAFF)
    await db
      .updateTable('employee')
      .set({ workHours: s.hours && JSON.stringify(s.hours), baseLat: s.base[0], baseLng: s.base[1] })
      .where('shopId', '=', shopId)
      .where('name', '=', s.name)
      .execute();
  const template = await db
    .selectFrom('employee')
    .selectAll()
    .where('shopId', '=', shopId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  for (const [i, s] of NEW_STAFF.entries()) {
    const { id: _id, idCardHash: _h, ...rest } = template;
    const birth = `198${i + 1}-0${i + 2}-1${i}`;
    await db
      .insertInto('employee')
      .values({
        ...rest,
        name: s.name,
        phone: s.phone,
        gender: s.name === '韩伟' ? 1 : 2,
        birthDate: birth,
        ...demoIdCardColumns('140802', birth, 300 + i * 2 + (s.name === '韩伟' ? 1 : 0)),
        nativePlace: '山西省/运城市',
        workYears: 3 + i,
        skills: JSON.stringify(s.skills),
        fuwuIds: JSON.stringify(categoriesOf(s.skills)),
        certificates: '[]',
        workState: WORK_STATE.FREE,
        rating: 4.8,
        completedOrders: 60 + i * 37,
        intro: `${s.skills.join('、')}。`,
        workHours: s.hours && JSON.stringify(s.hours),
        baseLat: s.base[0],
        baseLng: s.base[1],
        createdAt: stamp,
        updatedAt: stamp,
      })
      .execute();
  }

  const owner = await db
    .selectFrom('user')
    .select(['id', 'nickName'])
    .where('id', '=', demo.merchantA.ownerId)
    .executeTakeFirstOrThrow();
  const actor: Actor = { type: 'merchant', id: owner.id, name: owner.nickName };
  const goods = await db
    .selectFrom('goods')
    .innerJoin('fuwu', 'fuwu.id', 'goods.fuwuId')
    .select(['goods.id', 'goods.minQuantity', 'goods.unit', 'goods.durationMinutes', 'fuwu.name as fuwuName'])
    .where('goods.shopId', '=', shopId)
    .where('goods.shelfState', '=', SHELF_STATE.ON)
    .orderBy('goods.id')
    .execute();
  const staff = await db
    .selectFrom('employee')
    .select(['id', 'name', 'skills', 'workHours'])
    .where('shopId', '=', shopId)
    .where('deletedAt', 'is', null)
    .where('workState', '!=', WORK_STATE.RESIGNED)
    .orderBy('id')
    .execute();

  const today = shanghaiDay(now);
  const { shopHours } = await shopTime(db, shopId);
  let seq = 0;
  const area = parseJson<GeoPoint[]>(
    (await db.selectFrom('shop').select('serviceArea').where('id', '=', shopId).executeTakeFirst())?.serviceArea,
    [],
  );
  // Per-㎡ goods are booked for a believable home: 60–100 ㎡ (5 minutes a ㎡ in the demo's specification).
  // Goods with several specifications on sale: the first, or for area bands the band of the home's area.
  const specs = await db
    .selectFrom('goodsSpec')
    .select(['id', 'goodsId', 'mode', 'unit', 'minQuantity', 'areaMin', 'areaMax'])
    .where('goodsId', 'in', goods.length ? goods.map((g) => g.id) : [-1])
    .where('status', '=', SPEC_STATUS.ON)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const amount = (g: { id: number; unit: string; minQuantity: number }) => {
    const area = 60 + ((seq * 13) % 41);
    const own = specs.filter((x) => x.goodsId === g.id);
    const band = own.find((x) => x.mode === 'area_band' && inAreaBand(x, area));
    const spec = band ?? own[0];
    const specId = own.length > 1 && spec ? spec.id : undefined;
    if (band) return { specId, area };
    if ((spec?.unit ?? g.unit) === AREA_UNIT) return { specId, area };
    return { specId, quantity: Math.max(1, spec?.minQuantity ?? g.minQuantity) };
  };
  const place = async (g: { id: number; unit: string; minQuantity: number; durationMinutes: number }, at: number) => {
    const home = HOMES[seq++ % HOMES.length];
    const customer = (await openCustomerSession(db, home.phone, `${home.name.replace(/(女士|先生)$/, '')}家`)).customer;
    const o = await createOrder(db, customer.id, {
      goodsId: g.id,
      ...amount(g),
      customerName: home.name,
      customerPhone: home.phone,
      address: home.address,
      ...demoPointInArea(area, home),
      appointmentAt: new Date(at).toISOString(),
      remark: seq % 4 === 0 ? '请提前十分钟电话联系' : undefined,
    });
    await keepBookedLength(db, o.id, g.durationMinutes);
    await markPaid(db, customer.id, o.id, { type: 'customer', id: customer.id, name: customer.nickname });
    return o.id;
  };
  const tryIt = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      return true;
    } catch {
      return false; // a rule said no (hours, buffer, lead time, stock): the demo simply has one job fewer
    }
  };

  // One job being served right now: placed for later, assigned, then moved to have begun 40 minutes ago and verified.
  const cleaner = staff.find((s) => s.name === '马红梅');
  const daily = goods.find((g) => g.fuwuName === '日常保洁');
  if (cleaner && daily)
    await tryIt(async () => {
      const id = await place(daily, wallMs(nextDay(today, 30), '08:30'));
      await assignEmployee(db, merchantId, id, cleaner.id, actor);
      const began = new Date(now - 40 * 60_000).toISOString();
      const o = await db
        .updateTable('serviceOrder')
        .set({ appointmentAt: began })
        .where('id', '=', id)
        .returning('verifyCode')
        .executeTakeFirstOrThrow();
      await verifyByCode(db, merchantId, o.verifyCode, actor);
    });

  let assigned = 0;
  for (let d = 0; d < 7; d++) {
    const day = nextDay(today, d);
    // Two or three paid orders a day nobody has taken yet (booked first: the day's jobs are fitted around them).
    for (const [j, hm] of ['10:00', '15:00', '16:30'].slice(0, 2 + (d % 2)).entries()) {
      const g = goods[(d + j) % goods.length];
      const at = wallMs(day, hm);
      if (at >= now + 2 * 3600_000) await tryIt(() => place(g, at));
    }
    for (const [k, e] of staff.entries()) {
      const skills = JSON.parse(e.skills) as string[];
      const g = goods.find((x) => skills.includes(x.fuwuName) && PATTERNS[x.fuwuName]);
      if (!g) continue;
      const starts = PATTERNS[g.fuwuName][(d + k) % PATTERNS[g.fuwuName].length];
      const hours = parseJson<WeeklyHours | null>(e.workHours, null);
      for (const hm of starts) {
        const at = wallMs(day, hm);
        if (at < now + 2 * 3600_000) continue;
        // Only slots inside the employee's hours (the goods' own length as the estimate): a day off stays empty.
        if (!isOnDuty(hours, shopHours, { from: at, to: at + g.durationMinutes * 60_000 })) continue;
        await tryIt(async () => {
          const id = await place(g, at);
          // Hers or his by the pattern; when a rule says no (an earlier job runs long), the suggestion list's first.
          if (!(await tryIt(() => assignEmployee(db, merchantId, id, e.id, actor)))) {
            const first = (await suggest(db, { merchantId }, id)).suggestions[0];
            if (!first) return;
            await assignEmployee(db, merchantId, id, first.employeeId, actor);
          }
          assigned++;
        });
      }
    }
  }

  return { assigned };
}
