import type { ClientDetail, ClientRow } from '@jz/contracts/client';
import { shanghaiDay } from '@jz/contracts/dispatch';
import type { Page } from '@jz/contracts/envelope';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, buildTestApp, demoUsers, expectEvery, loginAs, PHONES, type TestApp } from './helpers/index.ts';
import { api } from './helpers/api.ts';
import { completedOrder, freeEmployee, paidOrder } from './helpers/order-flow.ts';
import { S, staffMember } from './staff-fixture.ts';

/** 客户档案 (docs/customers.md): records from orders and by hand, isolation, shop limits, secrets at rest, masking, 删除客户. */
const K = 'app/jiazheng/kehu';
const D = 'app/jiazheng/pay/dingdan';

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let shops: { aMain: number; aBranch: number; bMain: number };

const shop = (name: string) =>
  t.db.selectFrom('shop').select(['id', 'merchantId']).where('name', '=', name).executeTakeFirstOrThrow();

let seq = 0;
const phone = () => `1377${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(4, '0')}`;

async function addClient(by: Api, extra: Record<string, unknown> = {}) {
  const p = phone();
  const r = await by.post(`${K}/add`, {
    name: '测试客户',
    phone: p,
    tags: JSON.stringify(['老客户']),
    address: JSON.stringify({
      detail: '运城市盐湖区河东东街 88 号 3 单元 501',
      areaM2: 90,
      layout: '三室一厅',
      floor: 5,
      hasLift: 0,
      pets: '一只猫',
      accessNotes: '门禁 1234#',
    }),
    ...extra,
  });
  expect(r.code, r.message).toBe(200);
  return { id: r.result.id as number, phone: p };
}

beforeAll(async () => {
  t = await buildTestApp({ jobs: false });
  ({ ownerA, ownerB } = await demoUsers(t, 'ownerA', 'ownerB'));
  const [a, b, c] = [
    await shop('运城洁家家政（总店）'),
    await shop('运城洁家家政（学苑路分店）'),
    await shop('太原安心家政'),
  ];
  shops = { aMain: a.id, aBranch: b.id, bMain: c.id };
});
afterAll(() => t?.close());

describe('records from paid orders', () => {
  it('a paid order makes the record and its address; the next order of the customer meets them', async () => {
    const o1 = await paidOrder(t, shops.aMain, { address: '运城市盐湖区解放路 66 号 2 楼' });
    const row1 = await t.db
      .selectFrom('serviceOrder')
      .select(['clientId', 'clientAddressId'])
      .where('id', '=', o1.id)
      .executeTakeFirstOrThrow();
    expect(row1.clientId).toBeTruthy();
    expect(row1.clientAddressId).toBeTruthy();
    const o2 = await paidOrder(t, shops.aMain, { phone: o1.phone, address: '运城市盐湖区解放路66号2楼' });
    const row2 = await t.db
      .selectFrom('serviceOrder')
      .select(['clientId', 'clientAddressId'])
      .where('id', '=', o2.id)
      .executeTakeFirstOrThrow();
    expect(row2).toEqual(row1);
    const d = await ownerA.get<ClientDetail>(`${K}/findById/${row1.clientId}`);
    expect(d.code).toBe(200);
    expect(d.result).toMatchObject({ source: 'order', orderCount: 2, phone: o1.phone, masked: false });
    expect(d.result.totalSpent).toBe(o1.payAmount + o2.payAmount);
    expect(d.result.addresses).toHaveLength(1);
    const orders = await ownerA.get<Page<{ id: number }>>(`${K}/orders`, { id: row1.clientId });
    expect(orders.result.records.map((r) => r.id).sort()).toEqual([o1.id, o2.id].sort());
  });

  it('a customer of two merchants is two records, and a hand-made record is met by its phone', async () => {
    const made = await addClient(ownerB);
    const a = await paidOrder(t, shops.aMain, { phone: made.phone });
    const b = await paidOrder(t, shops.bMain, { phone: made.phone });
    const rows = await t.db
      .selectFrom('serviceOrder')
      .select(['id', 'clientId', 'merchantId'])
      .where('id', 'in', [a.id, b.id])
      .execute();
    const [ra, rb] = [rows.find((r) => r.id === a.id)!, rows.find((r) => r.id === b.id)!];
    expect(ra.clientId).not.toBe(rb.clientId);
    expect(rb.clientId).toBe(made.id); // B's record made by hand, met by the phone
    const ca = await t.db.selectFrom('client').selectAll().where('id', '=', ra.clientId!).executeTakeFirstOrThrow();
    expect(ca.merchantId).toBe(ra.merchantId);
  });
});

describe('isolation between merchants', () => {
  it("merchant B cannot read, edit or delete A's client, address or note", async () => {
    const c = await addClient(ownerA);
    const addr = (await ownerA.get<ClientDetail>(`${K}/findById/${c.id}`)).result.addresses[0].id;
    const calls = [
      ownerB.get(`${K}/findById/${c.id}`),
      ownerB.get(`${K}/orders`, { id: c.id }),
      ownerB.get(`${K}/reviews`, { id: c.id }),
      ownerB.post(`${K}/edit`, { id: c.id, name: '改名' }),
      ownerB.post(`${K}/address/add`, { clientId: c.id, detail: '别人的地址 1 号' }),
      ownerB.post(`${K}/address/edit`, { id: addr, detail: '别人的地址 2 号' }),
      ownerB.del(`${K}/address/delById/${addr}`),
      ownerB.post(`${K}/note/add`, { clientId: c.id, text: '别人的备注' }),
      ownerB.post(`${K}/prefs`, { clientId: c.id, preferred: '[]', blocked: '[]' }),
      ownerB.del(`${K}/delById/${c.id}`),
    ];
    const answers = await Promise.all(calls);
    expectEvery(answers, (r) => r.code === 2002, 'B answers');
    const list = await ownerB.get<Page<ClientRow>>(`${K}/findAllByPage`, { phone: c.phone });
    expect(list.result.total).toBe(0);
    const row = await t.db.selectFrom('client').selectAll().where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('测试客户');
    expect(row.deletedAt).toBeNull();
    const notes = await t.db.selectFrom('clientNote').select('id').where('clientId', '=', c.id).execute();
    expect(notes).toHaveLength(0);
  });

  it("A's preferred employee must be A's own", async () => {
    const c = await addClient(ownerA);
    const eB = await freeEmployee(t, shops.bMain);
    const r = await ownerA.post(`${K}/prefs`, { clientId: c.id, preferred: JSON.stringify([eB.id]), blocked: '[]' });
    expect(r.code).toBe(2002);
    const eA = await freeEmployee(t, shops.aMain, { name: '偏好阿姨' });
    const ok = await ownerA.post(`${K}/prefs`, { clientId: c.id, preferred: JSON.stringify([eA.id]), blocked: '[]' });
    expect(ok.code).toBe(200);
    const d = await ownerA.get<ClientDetail>(`${K}/findById/${c.id}`);
    expect(d.result.prefs).toEqual([{ employeeId: eA.id, employeeName: '偏好阿姨', kind: 'preferred' }]);
  });
});

describe('bad input', () => {
  it('answers envelope errors, never a 500', async () => {
    const answers = await Promise.all([
      ownerA.post(`${K}/add`, { name: '', phone: '123' }),
      ownerA.post(`${K}/add`, { name: '某', phone: '13800001234', tags: `["${'x'.repeat(20)}"]` }),
      ownerA.post(`${K}/add`, { name: '某', phone: '13800001234', address: '{"detail":""}' }),
      ownerA.post(`${K}/address/add`, { clientId: 'abc', detail: '某地 1 号' }),
      ownerA.post(`${K}/note/add`, { clientId: 1, text: '' }),
      ownerA.get(`${K}/findAllByPage`, { phone: '12' }),
      ownerA.get(`${K}/findById/99999999999`),
      ownerA.post(`${K}/prefs`, { clientId: 1, preferred: '[1]', blocked: '[1]' }),
    ]);
    expectEvery(answers, (r) => r.code === 2001 && r.status < 500, 'bad input answers');
    const dup = await addClient(ownerA);
    const again = await ownerA.post(`${K}/add`, { name: '重复', phone: dup.phone });
    expect(again.code).toBe(2004);
    expect(again.message).toContain('已有客户档案');
    expect((await api(t.app).get(`${K}/findAllByPage`)).code).toBe(401);
  });
});

describe('personal data at rest and masking', () => {
  it('the raw rows hold neither the phone, the address nor the door code', async () => {
    const c = await addClient(ownerA);
    const client = await t.db.selectFrom('client').selectAll().where('id', '=', c.id).executeTakeFirstOrThrow();
    const addr = await t.db.selectFrom('clientAddress').selectAll().where('clientId', '=', c.id).execute();
    const raw = JSON.stringify([client, addr]);
    expect(raw).not.toContain(c.phone);
    expect(raw).not.toContain('河东东街');
    expect(raw).not.toContain('1234#');
    expect(client.phone.startsWith('enc:')).toBe(true);
    // What the door needs and is not personal stays readable for the notes line.
    expect(addr[0].areaM2).toBe(90);
  });

  it('lists mask phone and address for a role without 查看完整信息; the owner sees them whole', async () => {
    const c = await addClient(ownerA);
    const full = await ownerA.get<Page<ClientRow>>(`${K}/findAllByPage`, { phone: c.phone });
    expect(full.result.records[0]).toMatchObject({ phone: c.phone, masked: false });
    expect(full.result.records[0].defaultAddress).toContain('河东东街');
    // The sub-account's role loses 查看客户完整信息.
    const sub = await t.db.selectFrom('user').select('id').where('phone', '=', PHONES.subA).executeTakeFirstOrThrow();
    const role = await t.db
      .selectFrom('userRole')
      .select('roleId')
      .where('userId', '=', sub.id)
      .executeTakeFirstOrThrow();
    const fullMenu = await t.db.selectFrom('menu').select('id').where('perms', '=', 'merchant:client:full').execute();
    await t.db
      .deleteFrom('roleMenu')
      .where('roleId', '=', role.roleId)
      .where(
        'menuId',
        'in',
        fullMenu.map((m) => m.id),
      )
      .execute();
    await t.db.updateTable('user').set({ authVersion: sql`auth_version + 1` }).where('id', '=', sub.id).execute();
    const subA = api(t.app, await loginAs(t.app, PHONES.subA, { fresh: true }));
    const masked = await subA.get<Page<ClientRow>>(`${K}/findAllByPage`, { phone: c.phone.slice(-4) });
    expect(masked.code).toBe(200);
    const row = masked.result.records.find((r) => r.id === c.id)!;
    expect(row).toMatchObject({ masked: true, phone: `${c.phone.slice(0, 3)}****${c.phone.slice(-4)}` });
    expect(row.defaultAddress).not.toContain('河东东街');
    const d = await subA.get<ClientDetail>(`${K}/findById/${c.id}`);
    expect(d.result.phone).not.toBe(c.phone);
    expect(d.result.addresses[0].accessNotes).toBeNull();
    expect(JSON.stringify(d.result)).not.toContain('1234#');
  });
});

describe('a shop-limited sub-account', () => {
  it('sees the clients created at or ordering at its shops, and no other', async () => {
    // Made at the main shop (the owner's current shop), and one who ordered at the branch only.
    const atMain = await addClient(ownerA);
    const branchOrder = await paidOrder(t, shops.aBranch);
    const branchClient = (
      await t.db
        .selectFrom('serviceOrder')
        .select('clientId')
        .where('id', '=', branchOrder.id)
        .executeTakeFirstOrThrow()
    ).clientId!;
    const sub = await t.db
      .selectFrom('user')
      .select(['id', 'merchantId'])
      .where('phone', '=', PHONES.subA)
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom('userShop').where('userId', '=', sub.id).execute();
    await t.db
      .insertInto('userShop')
      .values({ userId: sub.id, shopId: shops.aBranch, merchantId: sub.merchantId! })
      .execute();
    await t.db
      .updateTable('user')
      .set({ currentShopId: shops.aBranch, allShops: 0, authVersion: sql`auth_version + 1` })
      .where('id', '=', sub.id)
      .execute();
    const subA = api(t.app, await loginAs(t.app, PHONES.subA, { fresh: true }));
    const list = await subA.get<Page<ClientRow>>(`${K}/findAllByPage`, { pageSize: 100 });
    expect(list.code).toBe(200);
    const ids = list.result.records.map((r) => r.id);
    expect(ids).toContain(branchClient);
    expect(ids).not.toContain(atMain.id);
    expect((await subA.get(`${K}/findById/${atMain.id}`)).code).toBe(2002);
    expect((await subA.post(`${K}/note/add`, { clientId: atMain.id, text: '越权' })).code).toBe(2002);
    expect((await subA.del(`${K}/delById/${atMain.id}`)).code).toBe(2002);
    const own = await subA.post(`${K}/note/add`, { clientId: branchClient, text: '分店的备注' });
    expect(own.code).toBe(200);
    // Put the demo sub-account back to every shop.
    await t.db
      .updateTable('user')
      .set({ allShops: 1, currentShopId: shops.aMain, authVersion: sql`auth_version + 1` })
      .where('id', '=', sub.id)
      .execute();
  });
});

describe('删除客户', () => {
  it('anonymises the record and keeps its orders, anonymised; refused while an order is in progress', async () => {
    const done = await completedOrder(t, ownerA, shops.aMain, { address: '运城市盐湖区删除路 1 号' });
    const clientId = (
      await t.db.selectFrom('serviceOrder').select('clientId').where('id', '=', done.id).executeTakeFirstOrThrow()
    ).clientId!;
    await ownerA.post(`${K}/note/add`, { clientId, text: '将被删除的备注' });
    const open = await paidOrder(t, shops.aMain, { phone: done.phone });
    const refused = await ownerA.del(`${K}/delById/${clientId}`);
    expect(refused.code).toBe(2004);
    await t.db.updateTable('serviceOrder').set({ status: 70 }).where('id', '=', open.id).execute();
    const r = await ownerA.del(`${K}/delById/${clientId}`);
    expect(r.code).toBe(200);
    const row = await t.db.selectFrom('client').selectAll().where('id', '=', clientId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: '已删除客户', phone: '', customerId: null });
    expect(row.anonymisedAt).toBeTruthy();
    const orders = await t.db.selectFrom('serviceOrder').selectAll().where('clientId', '=', clientId).execute();
    expect(orders.length).toBe(2);
    expectEvery(
      orders,
      (o) => o.customerName === '已删除客户' && o.customerPhone === '' && !o.address.includes('删除路'),
    );
    expect(await t.db.selectFrom('clientNote').select('id').where('clientId', '=', clientId).execute()).toHaveLength(0);
    expect((await ownerA.get(`${K}/findById/${clientId}`)).code).toBe(2002);
    // The order is still the merchant's to read.
    expect((await ownerA.get(`${D}/findById/${done.id}`)).code).toBe(200);
    // A new order of the same account makes a new record.
    const again = await paidOrder(t, shops.aMain, { phone: done.phone });
    const next = await t.db
      .selectFrom('serviceOrder')
      .select('clientId')
      .where('id', '=', again.id)
      .executeTakeFirstOrThrow();
    expect(next.clientId).not.toBe(clientId);
  });
});

describe('address notes on the 派工单 and the staff page', () => {
  it("the job's address notes, not the rest of the record", async () => {
    const o = await paidOrder(t, shops.aMain, { address: '运城市盐湖区门牌路 9 号' });
    const { clientAddressId, clientId } = await t.db
      .selectFrom('serviceOrder')
      .select(['clientAddressId', 'clientId'])
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    const edit = await ownerA.post(`${K}/address/edit`, {
      id: clientAddressId!,
      detail: '运城市盐湖区门牌路 9 号',
      areaM2: 85,
      layout: '两室一厅',
      floor: 6,
      hasLift: 1,
      pets: '小狗',
      accessNotes: '钥匙在物业',
    });
    expect(edit.code, edit.message).toBe(200);
    await ownerA.post(`${K}/note/add`, { clientId: clientId!, text: '不该出现在工单上的备注' });
    const s = await staffMember(t, shops.aMain);
    const assigned = await ownerA.post(`${D}/setYuangong`, { id: o.id, yuangongId: s.id });
    expect(assigned.code, assigned.message).toBe(200);
    const NOTES = '85㎡；两室一厅；6 楼（有电梯）；宠物：小狗；门禁/钥匙：钥匙在物业';
    const day = shanghaiDay(Date.parse(o.appointmentAt));
    const sheet = await ownerA.get(`app/jiazheng/paidan/daySheet`, { date: day, employeeId: s.id });
    expect(sheet.code, sheet.message).toBe(200);
    const job = sheet.result.employees[0].jobs.find((j: { orderId: number }) => j.orderId === o.id);
    expect(job.addressNotes).toBe(NOTES);
    const mine = await s.api.get(`${S}/jobs`, { date: day });
    expect(mine.code, mine.message).toBe(200);
    const sj = mine.result.jobs.find((j: { orderId: number }) => j.orderId === o.id);
    expect(sj.addressNotes).toBe(NOTES);
    expect(sj.sheetText).toContain(`门牌备注：${NOTES}`);
    expect(JSON.stringify(sj)).not.toContain('不该出现在工单上的备注');
    // An order without a record's notes keeps null.
    const plain = await paidOrder(t, shops.aMain);
    await ownerA.post(`${D}/setYuangong`, { id: plain.id, yuangongId: s.id });
    const again = await s.api.get(`${S}/jobs`, { date: shanghaiDay(Date.parse(plain.appointmentAt)) });
    expect(again.result.jobs.find((j: { orderId: number }) => j.orderId === plain.id)?.addressNotes).toBeNull();
  });
});
