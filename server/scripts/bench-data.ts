/**
 * `npm run bench:data -- --orders N --merchants M`: fills the configured database (DATA_DIR SQLite, or DATABASE_URL
 * PostgreSQL) with benchmark data: M merchants (owner account, 1-2 approved open shops, 20 goods per shop,
 * 10 employees, a finance account), customers, N orders in every status (non-terminal statuses only in the last three
 * days, like a live shop), a review per 已评价 order, a settlement per completed order with its ledger entries
 * (settle, and unfreeze once seven days have passed) and finance accounts whose balances match the ledger.
 * When N >= 100,000 the first merchant ("压测商家 0001", login bench_m0001) gets exactly 100,000 orders.
 *
 * Batched multi-row INSERTs, one transaction per batch; ids are assigned here (and PostgreSQL sequences moved past
 * them at the end). Refuses to run twice on the same database. Run it on a fresh DATA_DIR / database.
 * Order timelines (order_timeline) are not generated: the hot calls never read them.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { openConfiguredDb } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { bootstrapDatabase } from '../src/startup/bootstrap.ts';
import { isPg } from '../src/db/migration-kit.ts';
import { idCardColumns } from '../src/modules/merchant/employee/employee.repo.ts';
import { checkOrderCounts } from '../src/modules/merchant/order/order-counts.ts';

function arg(name: string, fallback: number) {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(v) || v < 0) throw new Error(`--${name} must be a non-negative integer`);
  return v;
}
const ORDERS = arg('orders', 100_000);
const MERCHANTS = Math.max(1, arg('merchants', 100));
const BIG = 100_000;
const BATCH = 400; // rows per INSERT (service_order has 40 columns: 16,000 parameters, under both databases' limits)

// Deterministic pseudo-random numbers, so two runs make the same data.
let seed = 20261122;
const rnd = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const pick = <T>(a: readonly T[]) => a[Math.floor(rnd() * a.length)];
const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
const pad = (n: number, w: number) => String(n).padStart(w, '0');

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭'];
const GIVEN = ['芳', '敏', '静', '丽', '强', '磊', '军', '洋', '艳', '勇', '娟', '涛', '明', '超', '秀英', '桂兰'];
const GOODS = [
  ['日常保洁 2 小时', '次', 9900],
  ['深度保洁', '次', 29900],
  ['开荒保洁', '平方米', 800],
  ['家电清洗·空调', '台', 12900],
  ['家电清洗·油烟机', '台', 15900],
  ['月嫂 26 天', '单', 1280000],
  ['育儿嫂', '月', 680000],
  ['住家保姆', '月', 580000],
  ['钟点工 4 小时', '次', 18000],
  ['擦玻璃', '平方米', 600],
  ['沙发清洗', '座', 8800],
  ['除螨杀菌', '次', 19900],
] as const;
const DISTRICTS = [
  ['310000', '310100', '310104', '上海市徐汇区漕溪北路'],
  ['310000', '310100', '310115', '上海市浦东新区张杨路'],
  ['110000', '110100', '110105', '北京市朝阳区建国路'],
  ['440000', '440300', '440305', '深圳市南山区科技园'],
] as const;
const REVIEWS = [
  '阿姨很专业，打扫得很干净',
  '准时到达，服务细致',
  '整体满意，下次还约',
  '有点小瑕疵，沟通后解决了',
  '非常好',
];
const name = () => pick(SURNAMES) + pick(GIVEN);

const config = loadConfig();
const handle = openConfiguredDb(config);
const db = handle.db as unknown as Kysely<any>;
const pg = isPg(db);
const t0 = Date.now();
const DAY = 86_400_000;
const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();

const hardLimit = setTimeout(() => {
  console.error('bench:data: still running after 2 hours, giving up');
  process.exit(2);
}, 2 * 3600_000);
hardLimit.unref();

/** Buffered multi-row insert per table, flushed in its own transaction every BATCH rows. */
const buffers = new Map<string, Record<string, unknown>[]>();
const counts = new Map<string, number>();
/** Tables whose rows must be written before another's (foreign keys). */
const DEPENDS: Record<string, string[]> = {
  review: ['serviceOrder'],
  shopSetting: ['shop'],
  financeAccount: ['merchant'],
};
async function flush(table: string) {
  for (const d of DEPENDS[table] ?? []) await flush(d);
  const rows = buffers.get(table);
  if (!rows?.length) return;
  buffers.set(table, []);
  await db.transaction().execute((tx) => tx.insertInto(table).values(rows).execute());
  counts.set(table, (counts.get(table) ?? 0) + rows.length);
}
async function add(table: string, row: Record<string, unknown>) {
  let rows = buffers.get(table);
  if (!rows) {
    rows = [];
    buffers.set(table, rows);
  }
  rows.push(row);
  if (rows.length >= BATCH) await flush(table);
}
async function flushAll() {
  for (const t of buffers.keys()) await flush(t);
}

/** Next free id per table (ids are assigned here so related rows can point at them). */
const nextIds = new Map<string, number>();
async function startIds(tables: string[]) {
  for (const t of tables) {
    const r = await db.selectFrom(t).select(sql<number>`coalesce(max(id), 0)`.as('m')).executeTakeFirstOrThrow();
    nextIds.set(t, Number(r.m) + 1);
  }
}
const nextId = (t: string) => {
  const id = nextIds.get(t)!;
  nextIds.set(t, id + 1);
  return id;
};

try {
  await bootstrapDatabase(handle.db, config, { info: () => {} });
  const already = await db.selectFrom('user').select('id').where('loginName', '=', 'bench_m0001').executeTakeFirst();
  if (already) throw new Error('this database already holds benchmark data (bench_m0001): use a fresh DATA_DIR');

  const tables = [
    'merchant',
    'shop',
    'shopSetting',
    'user',
    'goods',
    'employee',
    'customer',
    'serviceOrder',
    'review',
    'financeSettlement',
    'financeLedger',
    'financeAccount',
  ];
  await startIds(tables);
  let fuwu = (await db.selectFrom('fuwu').select('id').where('parentId', 'is not', null).execute()).map((r) => r.id);
  if (!fuwu.length) fuwu = (await db.selectFrom('fuwu').select('id').execute()).map((r) => r.id);
  if (!fuwu.length) {
    const at = iso(now);
    const root = await db
      .insertInto('fuwu')
      .values({ name: '家庭保洁', sort: 0, status: 0, createdAt: at, updatedAt: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    fuwu = [root.id];
  }
  const owner = await db.selectFrom('role').select('id').where('code', '=', 'merchant_owner').executeTakeFirst();

  // Orders per merchant: the first gets 100,000 when N allows, the rest share what remains.
  const perMerchant: number[] = new Array(MERCHANTS).fill(0);
  let rest = ORDERS;
  if (ORDERS >= BIG) {
    perMerchant[0] = BIG;
    rest -= BIG;
  }
  const others = ORDERS >= BIG ? MERCHANTS - 1 : MERCHANTS;
  if (others === 0) perMerchant[0] += rest;
  else
    for (let i = 0; i < others; i++)
      perMerchant[MERCHANTS - others + i] = Math.floor(rest / others) + (i < rest % others ? 1 : 0);

  const customerCount = Math.max(100, Math.min(50_000, Math.ceil(ORDERS / 20)));
  const customers: { id: number; phone: string; nickname: string }[] = [];
  const custBase = Number(
    (await db.selectFrom('customer').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
  );
  for (let i = 0; i < customerCount; i++) {
    const c = { id: nextId('customer'), phone: `188${pad(custBase + i, 8)}`, nickname: name() };
    customers.push(c);
    await add('customer', { ...c, createdAt: iso(now - 400 * DAY), updatedAt: iso(now - 400 * DAY) });
  }
  await flush('customer');

  let orderSeq = Number(
    (await db.selectFrom('serviceOrder').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
  );
  let lastReport = Date.now();
  let ordersDone = 0;

  for (let m = 0; m < MERCHANTS; m++) {
    const merchantId = nextId('merchant');
    const created = iso(now - 400 * DAY);
    const times = { createdAt: created, updatedAt: created };
    await db
      .insertInto('merchant')
      .values({ id: merchantId, name: `压测商家 ${pad(m + 1, 4)}`, status: 0, ...times })
      .execute();
    const shopIds: number[] = [];
    const shopCount = m % 3 === 0 ? 2 : 1;
    for (let s = 0; s < shopCount; s++) {
      const id = nextId('shop');
      shopIds.push(id);
      const d = pick(DISTRICTS);
      await add('shop', {
        id,
        merchantId,
        parentId: s === 0 ? null : shopIds[0],
        name: s === 0 ? `压测家政 ${pad(m + 1, 4)}` : `压测家政 ${pad(m + 1, 4)} 分店`,
        images: '[]',
        contactName: name(),
        phone: `021${pad(m * 2 + s, 8)}`,
        provinceCode: d[0],
        cityCode: d[1],
        districtCode: d[2],
        address: `${d[3]} ${int(1, 999)} 号`,
        lat: 31.2 + rnd() / 10,
        lng: 121.4 + rnd() / 10,
        serviceArea: '[]',
        businessHours: '08:00-20:00',
        yingyeState: 1,
        fuwuIds: JSON.stringify(fuwu.slice(0, 5)),
        auditStatus: 1,
        rating: 4.8,
        orderCount: 0,
        ...times,
      });
      await add('shopSetting', { id: nextId('shopSetting'), shopId: id, ...times });
    }
    await flush('shop');
    const userId = nextId('user');
    await add('user', {
      id: userId,
      userType: 'merchant',
      merchantId,
      isOwner: 1,
      loginName: `bench_m${pad(m + 1, 4)}`,
      nickName: `压测店主 ${m + 1}`,
      phone: `177${pad(m + 1, 8)}`,
      status: 0,
      currentShopId: shopIds[0],
      ...times,
    });
    await flush('user');
    if (owner) await db.insertInto('userRole').values({ userId, roleId: owner.id }).execute();

    const goods: { id: number; shopId: number; name: string; unit: string; price: number }[] = [];
    for (const shopId of shopIds)
      for (let g = 0; g < 20; g++) {
        const [gname, unit, price] = GOODS[g % GOODS.length];
        const row = {
          id: nextId('goods'),
          shopId,
          name: g < GOODS.length ? gname : `${gname}（套餐${g}）`,
          unit,
          price,
        };
        goods.push(row);
        await add('goods', {
          ...row,
          merchantId,
          fuwuId: fuwu[g % fuwu.length],
          coverUrl: '/uploads/bench/cover.png',
          images: '[]',
          originalPrice: Math.round(price * 1.2),
          durationMinutes: 120,
          minQuantity: 1,
          tags: '["持证上岗"]',
          intro: '<p>压测数据</p>',
          shelfState: g % 5 === 4 ? 0 : 1,
          sales: 0,
          sort: g,
          ...times,
        });
      }
    const employees: { id: number; shopId: number }[] = [];
    for (let e = 0; e < 10; e++) {
      const row = { id: nextId('employee'), shopId: shopIds[e % shopIds.length] };
      employees.push(row);
      await add('employee', {
        ...row,
        merchantId,
        name: name(),
        phone: `139${pad(m * 10 + e, 8)}`,
        gender: e % 2,
        // Sealed as the repository stores it (secrets at rest): a clear value would be refused on read.
        ...idCardColumns(`31010419${pad(80 + (e % 20), 2)}0101${pad(m * 10 + e, 4).slice(-4)}`),
        nativePlace: '安徽',
        workYears: int(1, 15),
        skills: '["保洁"]',
        fuwuIds: JSON.stringify(fuwu.slice(0, 3)),
        certificates: '[]',
        workState: 1,
        rating: 4.9,
        completedOrders: 0,
        ...times,
      });
    }
    await flush('goods');
    await flush('employee');

    // Orders in time order across the last year; a running account for the ledger.
    const n = perMerchant[m];
    let balance = 0;
    let frozen = 0;
    let income = 0;
    const span = 365 * DAY;
    const pendingUnfreeze: { at: number; settlementId: number; amount: number; orderNo: string }[] = [];
    const ledger = async (at: number, kind: 'settle' | 'unfreeze', amount: number, refId: number, refNo: string) => {
      const balanceChange = kind === 'settle' ? amount : 0;
      const frozenChange = kind === 'settle' ? amount : -amount;
      balance += balanceChange;
      frozen += frozenChange;
      if (kind === 'settle') income += amount;
      await add('financeLedger', {
        id: nextId('financeLedger'),
        merchantId,
        direction: 1,
        kind,
        amount,
        balanceChange,
        frozenChange,
        balanceAfter: balance,
        frozenAfter: frozen,
        refType: 'settlement',
        refId,
        refNo,
        remark: kind === 'settle' ? `订单 ${refNo} 结算` : `订单 ${refNo} 结算解冻，转为可提现`,
        createdAt: iso(at),
      });
    };
    for (let k = 0; k < n; k++) {
      const createdMs = now - span + Math.floor(((k + rnd()) / n) * (span - 60_000));
      // Unfreeze entries that fall before this order, in time order.
      while (pendingUnfreeze.length && pendingUnfreeze[0].at <= createdMs) {
        const u = pendingUnfreeze.shift()!;
        await ledger(u.at, 'unfreeze', u.amount, u.settlementId, u.orderNo);
      }
      const recent = now - createdMs < 3 * DAY;
      const r = rnd();
      const status = recent
        ? r < 0.1
          ? 10
          : r < 0.3
            ? 20
            : r < 0.5
              ? 30
              : r < 0.6
                ? 40
                : r < 0.75
                  ? 50
                  : r < 0.9
                    ? 60
                    : 70
        : r < 0.45
          ? 60
          : r < 0.85
            ? 50
            : 70;
      const g = pick(goods);
      const emp = employees.find((e) => e.shopId === g.shopId) ?? employees[0];
      const c = pick(customers);
      const qty = g.unit === '平方米' ? int(40, 150) : 1;
      const amount = g.price * qty;
      const paid = status !== 10 && !(status === 70 && r > 0.97);
      const at = (mins: number) => iso(createdMs + mins * 60_000);
      const id = nextId('serviceOrder');
      orderSeq++;
      const orderNo = `BJ${new Date(createdMs).toISOString().slice(0, 10).replaceAll('-', '')}${pad(orderSeq, 9)}`;
      const d = pick(DISTRICTS);
      const completedMs = createdMs + 26 * 3600_000;
      const done = status === 50 || status === 60;
      await add('serviceOrder', {
        id,
        orderNo,
        merchantId,
        shopId: g.shopId,
        customerId: c.id,
        goodsId: g.id,
        goodsName: g.name,
        goodsCover: '/uploads/bench/cover.png',
        goodsPrice: g.price,
        quantity: qty,
        unit: g.unit,
        customerName: c.nickname,
        customerPhone: c.phone,
        provinceCode: d[0],
        cityCode: d[1],
        districtCode: d[2],
        address: `${d[3]} ${int(1, 999)} 弄 ${int(1, 30)} 号 ${int(101, 2202)} 室`,
        lat: 31.2 + rnd() / 10,
        lng: 121.4 + rnd() / 10,
        appointmentAt: at(24 * 60),
        remark: rnd() < 0.2 ? '家里有宠物，请提前电话联系' : null,
        amount,
        payAmount: amount,
        status,
        verifyCode: pad(orderSeq, 12),
        employeeId: status >= 30 && status !== 70 ? emp.id : null,
        cancelReason: status === 70 ? (paid ? '商家取消：档期已满' : '超时未支付') : null,
        refundStatus: status === 70 && paid ? 2 : 0,
        refundNo: status === 70 && paid ? `RF${orderNo}` : null,
        payNo: paid ? `PAY${orderNo}` : null,
        paidAt: paid ? at(2) : null,
        acceptedAt: status >= 30 && status !== 70 ? at(10) : null,
        verifiedAt: status >= 40 && status !== 70 ? at(24 * 60) : null,
        completedAt: done ? iso(completedMs) : null,
        reviewedAt: status === 60 ? at(30 * 60) : null,
        cancelledAt: status === 70 ? at(paid ? 30 : 31) : null,
        createdAt: iso(createdMs),
        updatedAt: iso(createdMs),
      });
      if (status === 60)
        await add('review', {
          id: nextId('review'),
          orderId: id,
          merchantId,
          shopId: g.shopId,
          goodsId: g.id,
          employeeId: emp.id,
          customerId: c.id,
          customerNickname: c.nickname,
          rating: rnd() < 0.85 ? 5 : int(2, 4),
          content: pick(REVIEWS),
          images: '[]',
          anonymous: rnd() < 0.1 ? 1 : 0,
          createdAt: at(30 * 60),
          updatedAt: at(30 * 60),
        });
      if (done) {
        const commission = Math.round(amount * 0.05);
        const net = amount - commission;
        const sid = nextId('financeSettlement');
        const unfreezeMs = completedMs + 7 * DAY;
        const unfrozen = unfreezeMs <= now;
        await add('financeSettlement', {
          id: sid,
          merchantId,
          shopId: g.shopId,
          orderId: id,
          orderNo,
          orderAmount: amount,
          commissionRate: 5,
          commission,
          amount: net,
          status: unfrozen ? 1 : 0,
          completedAt: iso(completedMs),
          unfreezeAt: iso(unfreezeMs),
          unfrozenAt: unfrozen ? iso(unfreezeMs) : null,
          createdAt: iso(completedMs),
          updatedAt: iso(unfrozen ? unfreezeMs : completedMs),
        });
        await ledger(completedMs, 'settle', net, sid, orderNo);
        if (unfrozen) {
          // Keep pendingUnfreeze sorted by time (orders arrive in time order, so pushing keeps it sorted).
          pendingUnfreeze.push({ at: unfreezeMs, settlementId: sid, amount: net, orderNo });
        }
      }
      ordersDone++;
      if (Date.now() - lastReport > 10_000) {
        lastReport = Date.now();
        console.log(`bench:data: ${ordersDone} / ${ORDERS} orders, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      }
    }
    for (const u of pendingUnfreeze) await ledger(u.at, 'unfreeze', u.amount, u.settlementId, u.orderNo);
    await add('financeAccount', {
      id: nextId('financeAccount'),
      merchantId,
      balance,
      frozen,
      pendingWithdraw: 0,
      totalIncome: income,
      totalWithdrawn: 0,
      ...times,
    });
  }
  await flushAll();

  if (pg) {
    for (const t of [...tables, 'fuwu']) {
      const snake = t.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      await sql`select setval(pg_get_serial_sequence(${snake}, 'id'), coalesce((select max(id) from ${sql.table(snake)}), 1))`.execute(
        db,
      );
    }
    // VACUUM sets the visibility map, without which PostgreSQL cannot answer from the indexes alone.
    await sql`vacuum analyze`.execute(db);
  } else {
    await sql`analyze`.execute(db);
  }
  const secs = (Date.now() - t0) / 1000;
  console.log(
    `bench:data: ${pg ? 'PostgreSQL' : 'SQLite'}, ${MERCHANTS} merchants, ${ORDERS} orders in ${secs.toFixed(1)} s`,
  );
  console.table(Object.fromEntries([...counts].map(([k, v]) => [k, v])));
  if (ORDERS >= BIG) console.log('the 100,000-order merchant signs in as bench_m0001 (merchant "压测商家 0001")');
  // The order counters (migration 1301) are kept by triggers during the inserts above: check them against COUNT(*).
  const problems = await checkOrderCounts(db as never);
  if (problems.length)
    throw new Error(`order counters differ from the orders:\n  ${problems.slice(0, 20).join('\n  ')}`);
  console.log('bench:data: order counters match COUNT(*) for every merchant, shop, status and day');
} finally {
  await handle.close();
}
