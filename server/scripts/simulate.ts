/**
 * `npm run simulate`: acts as customers of the mini-program against a RUNNING server, so a demo shows orders arriving
 * live in 订单接单. It signs in a few customers (customer/login with the SMS code), places orders for on-shelf goods of
 * open approved shops, pays them through the sandbox provider, and reviews the customers' orders that the merchant has
 * completed meanwhile. Bounded: it stops by itself after SIMULATE_ORDERS orders and SIMULATE_MAX_SECONDS seconds
 * (or on Ctrl+C).
 *
 *   SIMULATE_URL          server base URL                      default http://127.0.0.1:3000
 *   SIMULATE_ORDERS       orders to place (1-50)               default 5
 *   SIMULATE_INTERVAL_MS  pause between orders                 default 4000
 *   SIMULATE_MAX_SECONDS  hard stop                            default 180
 *   SIMULATE_SHOP_ID      only this shop's goods               default: every visible shop
 *   SIMULATE_CODE         the SMS code the customers type      default 123456 (start the server with DEMO_SMS_CODE=123456)
 *   SIMULATE_UNPAID       share of orders left unpaid (0-1)    default 0
 *
 * Customer sessions are kept between runs in the temp folder (jz-simulate-<server hash>.json).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const env = process.env;
const BASE = (env.SIMULATE_URL ?? 'http://127.0.0.1:3000').replace(/\/+$/, '');
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const num = (v: string | undefined, d: number) =>
  v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : d;
const ORDERS = clamp(num(env.SIMULATE_ORDERS, 5), 1, 50);
const INTERVAL = clamp(num(env.SIMULATE_INTERVAL_MS, 4000), 200, 60_000);
const MAX_MS = clamp(num(env.SIMULATE_MAX_SECONDS, 180), 5, 1800) * 1000;
const SHOP = env.SIMULATE_SHOP_ID ? Number(env.SIMULATE_SHOP_ID) : undefined;
const CODE = env.SIMULATE_CODE ?? '123456';
const UNPAID = clamp(num(env.SIMULATE_UNPAID, 0), 0, 1);

const started = Date.now();
let stopping = false;
process.on('SIGINT', () => {
  stopping = true;
  console.log('\n收到中断，正在结束…');
});

type Envelope<T> = { code: number; message: string; result: T };
async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
  token?: string,
): Promise<T> {
  const headers: Record<string, string> = { client: 'jiazheng-console' };
  if (token) headers['x-customer-token'] = token;
  let url = `${BASE}/tmpl/api/app/jiazheng/${path}`;
  let payload: string | undefined;
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body ?? {})) if (v !== undefined && v !== null) form.append(k, String(v));
  if (method === 'GET') url += form.size ? `?${form}` : '';
  else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = form.toString();
  }
  const send = () => fetch(url, { method, headers, body: payload, signal: AbortSignal.timeout(10_000) });
  // A kept-alive connection nginx closes (a reload) fails the next request before any answer; a browser sends a read
  // again on a new connection, so do the same for GETs (a POST is not repeated: it may have been applied).
  const res = await send().catch((e: Error) => {
    if (method !== 'GET' || e.name === 'TimeoutError') throw e;
    return send();
  });
  const env = (await res.json()) as Envelope<T>;
  if (env.code !== 200) throw Object.assign(new Error(`${path}: ${env.code} ${env.message}`), { code: env.code });
  return env.result;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(a: T[]) => a[Math.floor(Math.random() * a.length)];
const yuan = (fen: number) => (fen / 100).toFixed(2);

const PEOPLE = [
  {
    phone: '13700001001',
    name: '刘女士',
    nick: '刘姐',
    address: '山西省运城市盐湖区河东东街 100 号 丽景花园 3-2-501',
    lat: 35.0281,
    lng: 111.0125,
  },
  {
    phone: '13700001002',
    name: '马先生',
    nick: '老马',
    address: '山西省运城市盐湖区禹都大道 58 号 东方名城 8-1-1202',
    lat: 35.0402,
    lng: 110.9953,
  },
  {
    phone: '13700001003',
    name: '杨女士',
    nick: '杨杨',
    address: '山西省运城市盐湖区中银大道 21 号 学府小区 2-601',
    lat: 35.0236,
    lng: 111.0118,
  },
];
const REMARKS = ['', '', '家里有老人，请轻声', '请自带清洁工具', '小区门口请联系我', '有猫，请随手关门'];
const REVIEWS: [number, string][] = [
  [5, '服务很细致，准时到达，非常满意！'],
  [5, '阿姨手脚麻利，打扫得很干净。'],
  [4, '整体不错，个别角落可以再仔细点。'],
  [3, '服务一般，晚到了一会儿。'],
];

interface Spec {
  id: number;
  name: string;
  mode: 'fixed' | 'area_band' | 'per_unit';
  unit: string;
  minQuantity: number;
  maxQuantity: number | null;
  areaMin: number | null;
  areaMax: number | null;
  soldOut: boolean;
}

interface Goods {
  id: number;
  name: string;
  price: number;
  minQuantity: number;
  unit: string;
  shopId: number;
  shopName: string;
  /** The on-sale specifications (docs/goods-specifications.md); absent from a server before specifications. */
  specs?: Spec[];
}

const between = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));

/**
 * What a customer books of a goods item: a random specification not sold out, its minimum quantity (a package now
 * and then two), an area inside the band or 60–150 ㎡ for a per-㎡ price. Without specifications: the goods' minimum.
 */
function booking(g: Goods) {
  const open = (g.specs ?? []).filter((s) => !s.soldOut);
  if (!open.length) {
    const quantity = Math.max(1, g.minQuantity);
    return { body: { quantity }, label: `${g.name} × ${quantity}${g.unit}` };
  }
  const s = pick(open);
  if (s.mode === 'area_band') {
    // Bands are half-open [areaMin, areaMax): the upper bound itself belongs to the next band.
    const lo = s.areaMin || Math.max(20, (s.areaMax ?? 60) - 40);
    const area = between(lo, s.areaMax !== null ? s.areaMax - 1 : lo + 40);
    return { body: { specId: s.id, area }, label: `${g.name} · ${s.name}（${area} 平方米）` };
  }
  if (s.mode === 'per_unit' && s.unit === '平方米') {
    const area = Math.min(s.maxQuantity ?? 10_000, Math.max(s.minQuantity, between(60, 150)));
    return { body: { specId: s.id, area }, label: `${g.name} · ${s.name}（${area} 平方米）` };
  }
  const extra = s.mode === 'fixed' && Math.random() < 0.2 ? 1 : 0;
  const quantity = Math.min(s.maxQuantity ?? 99, Math.max(1, s.minQuantity) + extra);
  const label = s.mode === 'fixed' ? `× ${quantity}` : `${quantity} ${s.unit}`;
  return { body: { specId: s.id, quantity }, label: `${g.name} · ${s.name} ${label}` };
}

type Slot = { at: string; time: string; available: boolean };
const shopPoints = new Map<number, { lat: number; lng: number; address: string | null }>();

/**
 * When and where (docs/dispatch.md; a booking must fall inside the shop's area, slots and lead time, and a free place): a
 * random free start of the next week from customer/slots, and the person's own point when the shop serves it, else
 * the shop's location (a customer in the shop's own city).
 */
async function when(g: Goods, body: Record<string, unknown>, person: (typeof PEOPLE)[number]) {
  if (!shopPoints.has(g.shopId)) {
    const card = await call<{ shop: { lat: number | null; lng: number | null; address: string | null } }>(
      'GET',
      'shangjia/shangpin/shangjiaDetail/shangpinlist',
      { shangjiaInfoId: g.shopId },
    );
    shopPoints.set(g.shopId, { lat: card.shop.lat ?? 0, lng: card.shop.lng ?? 0, address: card.shop.address });
  }
  const shop = shopPoints.get(g.shopId)!;
  const near = Math.abs(shop.lat - person.lat) < 0.008 && Math.abs(shop.lng - person.lng) < 0.01;
  for (let tries = 0; tries < 7; tries++) {
    const date = new Date(Date.now() + (8 + 24 * between(1, 7)) * 3600_000).toISOString().slice(0, 10);
    const day = await call<{ slots: Slot[] }>('GET', 'customer/slots', { goodsId: g.id, date, ...body });
    const free = day.slots.filter((x) => x.available);
    if (free.length)
      return {
        appointmentAt: pick(free).at,
        ...(near
          ? { lat: person.lat, lng: person.lng, address: person.address }
          : {
              lat: shop.lat,
              lng: shop.lng,
              address: `${shop.address ?? g.shopName}附近 ${between(1, 30)} 号楼 ${between(1, 6)}01`,
            }),
      };
  }
  return null;
}

/**
 * Customer sessions last 30 days and the server sends one code a minute (five an hour) per phone, so a rerun reuses
 * the sessions of the last run (kept per server in the temp folder) and signs in only where one is missing or dead.
 */
const TOKENS = path.join(
  os.tmpdir(),
  `jz-simulate-${createHash('sha256').update(BASE).digest('hex').slice(0, 12)}.json`,
);
function readTokens(): Record<string, string> {
  try {
    return JSON.parse(readFileSync(TOKENS, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}
function writeTokens(tokens: Record<string, string>) {
  try {
    writeFileSync(TOKENS, JSON.stringify(tokens), { mode: 0o600 });
  } catch (e) {
    console.warn(`无法保存用户登录状态（${TOKENS}）：${(e as Error).message}`);
  }
}

async function signIn(p: (typeof PEOPLE)[number], saved: string | undefined) {
  if (saved) {
    try {
      await call('GET', 'customer/order/findAllByPage', { pageNum: 1, pageSize: 1 }, saved);
      return saved;
    } catch {
      // expired or from another database: sign in again
    }
  }
  await call('POST', 'customer/login/sendCode', { phone: p.phone }).catch((e: Error & { code?: number }) => {
    // a code sent less than a minute ago is still valid: go on and log in with it
    if (e.code !== 2004) throw e;
  });
  const s = await call<{ token: string }>('POST', 'customer/login', { phone: p.phone, code: CODE, nickname: p.nick });
  return s.token;
}

async function main() {
  console.log(`模拟用户下单 → ${BASE}（最多 ${ORDERS} 单，${MAX_MS / 1000} 秒后自动结束）`);
  try {
    await fetch(`${BASE}/tmpl/api/health`, { signal: AbortSignal.timeout(5000) });
  } catch {
    console.error(`无法连接 ${BASE}：请先启动服务（npm start），或设置 SIMULATE_URL`);
    process.exitCode = 1;
    return;
  }

  const customers: { token: string; person: (typeof PEOPLE)[number] }[] = [];
  const saved = readTokens();
  for (const p of PEOPLE) {
    try {
      customers.push({ token: await signIn(p, saved[p.phone]), person: p });
    } catch (e) {
      console.warn(`用户 ${p.phone} 登录失败：${(e as Error).message}`);
    }
  }
  writeTokens(Object.fromEntries(customers.map((c) => [c.person.phone, c.token])));
  if (!customers.length) {
    console.error('没有用户能登录：请以 DEMO_SMS_CODE=123456 启动服务，或把服务日志里的验证码填到 SIMULATE_CODE');
    process.exitCode = 1;
    return;
  }

  const goods = (
    await call<{ records: Goods[] }>('GET', 'shangjia/shangpin/weapp/findAllByPage', {
      pageSize: 100,
      shangjiaInfoId: SHOP,
    })
  ).records;
  if (!goods.length) {
    console.error('没有可下单的商品（需要营业中、已通过审核店铺的上架商品）');
    process.exitCode = 1;
    return;
  }

  let placed = 0;
  let paid = 0;
  let reviewed = 0;
  const timeLeft = () => MAX_MS - (Date.now() - started);
  while (!stopping && placed < ORDERS && timeLeft() > 0) {
    const c = pick(customers);
    const g = pick(goods);
    const b = booking(g);
    try {
      const o = await place(g, b.body, c);
      if (!o) {
        console.log(`      ${g.shopName} 一周内已约满，换一个`);
        await sleep(INTERVAL);
        continue;
      }
      placed++;
      console.log(
        `[${placed}/${ORDERS}] ${c.person.name} 下单 ${g.shopName} · ${b.label}，¥${yuan(o.amount)}（${o.orderNo}）`,
      );
      if (Math.random() >= UNPAID) {
        await sleep(500 + Math.random() * 1000);
        const r = await pay(o.id, g, b.body, c);
        if (r) {
          paid++;
          console.log(
            `      已支付（沙箱），券码 ${r.verifyCode}${r.status === 30 ? '，店铺已自动接单' : '，等待商家接单'}`,
          );
        }
      } else console.log('      未支付（30 分钟后将被自动取消）');
    } catch (e) {
      console.warn(`      下单失败：${(e as Error).message}`);
    }
    reviewed += await reviewCompleted(customers);
    if (placed < ORDERS) await sleep(Math.min(INTERVAL, Math.max(0, timeLeft())));
  }
  reviewed += await reviewCompleted(customers);
  const secs = Math.round((Date.now() - started) / 1000);
  console.log(`结束：下单 ${placed} 单，支付 ${paid} 单，评价 ${reviewed} 单，用时 ${secs} 秒`);
}

/**
 * Places an order at a free start of customer/slots. Other customers book at the same time, so a start listed free may
 * be gone by the time the order arrives (2004 已约满): the customer picks again, up to three times.
 */
async function place(
  g: Goods,
  body: Record<string, unknown>,
  c: { token: string; person: (typeof PEOPLE)[number] },
): Promise<{ id: number; orderNo: string; amount: number } | null> {
  for (let tries = 0; tries < 3; tries++) {
    const w = await when(g, body, c.person);
    if (!w) return null;
    try {
      return await call<{ id: number; orderNo: string; amount: number }>(
        'POST',
        'customer/order/add',
        {
          goodsId: g.id,
          ...body,
          customerName: c.person.name,
          customerPhone: c.person.phone,
          ...w,
          remark: pick(REMARKS),
        },
        c.token,
      );
    } catch (e) {
      if (!isFull(e)) throw e;
      console.log('      所选时间刚被别人约满，换一个时间');
    }
  }
  return null;
}

/**
 * Pays for an order. An unpaid order holds no place, so its time may have filled since it was placed (2004 已约满):
 * the customer then moves it (改约) to another free time once and pays, or leaves it unpaid.
 */
async function pay(
  id: number,
  g: Goods,
  body: Record<string, unknown>,
  c: { token: string; person: (typeof PEOPLE)[number] },
): Promise<{ status: number; verifyCode: string | null } | null> {
  const once = () => call<{ status: number; verifyCode: string | null }>('POST', 'customer/order/pay', { id }, c.token);
  try {
    return await once();
  } catch (e) {
    if (!isFull(e)) throw e;
  }
  const w = await when(g, body, c.person);
  if (!w) {
    console.log('      所选时间已约满，一周内也没有空闲时段，未支付');
    return null;
  }
  const moved = await call<{ message: string }>(
    'POST',
    'customer/order/reschedule',
    { id, appointmentAt: w.appointmentAt },
    c.token,
  );
  console.log(`      所选时间已约满，${moved.message}`);
  try {
    return await once();
  } catch (e) {
    if (!isFull(e)) throw e;
    console.log('      改约后的时间也已约满，未支付（30 分钟后将被自动取消）');
    return null;
  }
}
const isFull = (e: unknown) => (e as { code?: number }).code === 2004 && /已约满/.test((e as Error).message);

/** Each customer reviews its orders the merchant has completed (status 50). */
async function reviewCompleted(customers: { token: string; person: { name: string } }[]) {
  let n = 0;
  for (const c of customers) {
    try {
      const done = await call<{ records: { id: number; orderNo: string; goodsName: string }[] }>(
        'GET',
        'customer/order/findAllByPage',
        { status: 50, pageSize: 20 },
        c.token,
      );
      for (const o of done.records) {
        const [rating, content] = pick(REVIEWS);
        await call('POST', 'customer/order/pingjia', { id: o.id, rating, content }, c.token);
        n++;
        console.log(`      ${c.person.name} 评价了 ${o.orderNo}（${o.goodsName}）：${'★'.repeat(rating)} ${content}`);
      }
    } catch (e) {
      console.warn(`      评价失败：${(e as Error).message}`);
    }
  }
  return n;
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
