import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sandboxCourier, setCourierProvider } from '../src/modules/merchant/courier/courier-provider.ts';
import { type Api, api, buildTestApp, demoUsers, expectEvery, PHONES, type TestApp } from './helpers/index.ts';

const K = 'app/jiazheng/kuaidi';

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let subA: Api;
let admin: Api;

const pickupIn = (ms: number) => new Date(Date.now() + ms).toISOString();
const body = (over: Record<string, string | number> = {}) => ({
  senderName: '王洁',
  senderPhone: '0359-2345678',
  senderAddress: '山西省运城市盐湖区河东东街 88 号',
  receiverName: '李四',
  receiverPhone: '13912345678',
  receiverAddress: '北京市朝阳区建国路 88 号 SOHO 现代城',
  itemName: '保洁工具',
  weightGrams: 2500,
  company: 'SF',
  pickupAt: pickupIn(3600_000),
  ...over,
});

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB, subA, admin } = await demoUsers(t));
});
afterAll(() => t?.close());
afterEach(() => setCourierProvider(sandboxCourier));

describe('快递下单', () => {
  it('sender defaults to the current shop; demo pick-ups exist for both merchants', async () => {
    const d = await ownerA.get(`${K}/senderDefault`);
    expect(d.result).toMatchObject({ senderName: '王洁', senderPhone: '0359-2345678' });
    expect(d.result.senderAddress).toContain('河东东街 88 号');
    expect(d.result.senderAddress).toContain('运城');
    const a = await ownerA.get(`${K}/findAllByPage`, { shopId: 'all', pageSize: 50 });
    const b = await ownerB.get(`${K}/findAllByPage`, { shopId: 'all', pageSize: 50 });
    expect(a.result.total).toBeGreaterThanOrEqual(4);
    expect(b.result.total).toBeGreaterThanOrEqual(4);
    const statuses = a.result.records.map((r: { status: number }) => r.status).sort();
    expect(statuses).toEqual(expect.arrayContaining([10, 30, 40, 90]));
  });

  it('books a pick-up with a tracking number, lists it with filters, shows the timeline', async () => {
    const r = await ownerA.post(`${K}/add`, body());
    expect(r.code).toBe(200);
    expect(r.result.trackingNo).toMatch(/^SF\d{12}$/);
    const id = r.result.id as number;
    const d = await ownerA.get(`${K}/findById/${id}`);
    expect(d.result).toMatchObject({ status: 10, company: 'SF', weightGrams: 2500, receiverName: '李四' });
    expect(d.result.tracks).toHaveLength(1);
    expect(d.result.tracks[0]).toMatchObject({ status: 10 });

    const byNo = await ownerA.get(`${K}/findAllByPage`, { keyword: r.result.trackingNo });
    expect(byNo.result.records.map((x: { id: number }) => x.id)).toEqual([id]);
    const byStatus = await ownerA.get(`${K}/findAllByPage`, { status: 10, company: 'SF', pageSize: 50 });
    expectEvery(
      byStatus.result.records,
      (x: { status: number; company: string }) => x.status === 10 && x.company === 'SF',
    );
    expect(byStatus.result.records.some((x: { id: number }) => x.id === id)).toBe(true);
  });

  it('moves through 已揽收, 运输中, 已签收 as time passes (on query), one event each', async () => {
    const id = (await ownerA.post(`${K}/add`, body({ company: 'ZTO' }))).result.id as number;
    // Pick-up 3 hours ago: picked up and in transit.
    await t.db
      .updateTable('courierOrder')
      .set({ pickupAt: pickupIn(-3 * 3600_000) })
      .where('id', '=', id)
      .execute();
    const [x, y] = await Promise.all([ownerA.get(`${K}/findById/${id}`), ownerA.get(`${K}/findById/${id}`)]);
    expect(x.result.status).toBe(30);
    expect(y.result.status).toBe(30);
    const d = await ownerA.get(`${K}/findById/${id}`);
    expect(d.result.tracks.map((e: { status: number }) => e.status)).toEqual([30, 20, 10]);
    expect(await ownerA.post(`${K}/cancel`, { id, reason: '不寄了' })).toMatchObject({ code: 2004 });
    await t.db
      .updateTable('courierOrder')
      .set({ pickupAt: pickupIn(-25 * 3600_000) })
      .where('id', '=', id)
      .execute();
    const list = await ownerA.get(`${K}/findAllByPage`, { keyword: d.result.trackingNo });
    expect(list.result.records[0].status).toBe(40);
    const done = await ownerA.get(`${K}/findById/${id}`);
    expect(done.result.tracks.map((e: { status: number }) => e.status)).toEqual([40, 30, 20, 10]);
  });

  it('cancels only before pick-up, once; a refusing provider changes nothing', async () => {
    const id = (await ownerA.post(`${K}/add`, body())).result.id as number;
    setCourierProvider({
      ...sandboxCourier,
      name: 'refusing',
      async cancel() {
        throw new Error('provider refused');
      },
    });
    const refused = await ownerA.post(`${K}/cancel`, { id, reason: '改期' });
    expect(refused.code).not.toBe(200);
    expect((await ownerA.get(`${K}/findById/${id}`)).result.status).toBe(10);
    setCourierProvider(sandboxCourier);

    const results = await Promise.all(
      Array.from({ length: 5 }, () => ownerA.post(`${K}/cancel`, { id, reason: '改期' })),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.code === 2004)).toHaveLength(4);
    const d = await ownerA.get(`${K}/findById/${id}`);
    expect(d.result).toMatchObject({ status: 90, cancelReason: '改期' });
    expect(d.result.tracks.filter((e: { status: number }) => e.status === 90)).toHaveLength(1);
  });

  it('another merchant: 2002 and nothing changes', async () => {
    const id = (await ownerA.post(`${K}/add`, body())).result.id as number;
    expect(await ownerB.get(`${K}/findById/${id}`)).toMatchObject({ code: 2002 });
    expect(await ownerB.post(`${K}/cancel`, { id, reason: '越权' })).toMatchObject({ code: 2002 });
    expect((await ownerA.get(`${K}/findById/${id}`)).result.status).toBe(10);
    const b = await ownerB.get(`${K}/findAllByPage`, { shopId: 'all', pageSize: 100 });
    expect(b.result.records.some((x: { id: number }) => x.id === id)).toBe(false);
  });

  it('bad input 2001 and nothing stored', async () => {
    const before = (await ownerA.get(`${K}/findAllByPage`, { shopId: 'all' })).result.total;
    for (const bad of [
      body({ receiverPhone: '12345' }),
      body({ weightGrams: 0 }),
      body({ weightGrams: 'abc' }),
      body({ company: 'UPS' }),
      body({ pickupAt: 'tomorrow' }),
      body({ pickupAt: pickupIn(-3600_000) }),
      body({ pickupAt: pickupIn(8 * 86400_000) }),
      body({ receiverAddress: '北京' }),
      body({ itemName: '' }),
    ]) {
      const r = await ownerA.post(`${K}/add`, bad);
      expect(r.code, JSON.stringify(bad)).toBe(2001);
    }
    expect(await ownerA.post(`${K}/cancel`, { id: 1 })).toMatchObject({ code: 2001 });
    expect(await ownerA.get(`${K}/findAllByPage`, { status: 'x' })).toMatchObject({ code: 2001 });
    expect((await ownerA.get(`${K}/findAllByPage`, { shopId: 'all' })).result.total).toBe(before);
  });

  it('anonymous 401, platform 301, a role without the buttons 301', async () => {
    expect(await api(t.app).get(`${K}/findAllByPage`)).toMatchObject({ status: 401, code: 401 });
    expect(await api(t.app).post(`${K}/add`, body())).toMatchObject({ code: 401 });
    expect(await admin.get(`${K}/findAllByPage`)).toMatchObject({ code: 301 });
    const id = (await ownerA.post(`${K}/add`, body())).result.id as number;
    const role = await t.db
      .selectFrom('userRole')
      .innerJoin('user', 'user.id', 'userRole.userId')
      .select('userRole.roleId')
      .where('user.phone', '=', PHONES.subA)
      .executeTakeFirstOrThrow();
    const btns = await t.db
      .selectFrom('menu')
      .select('id')
      .where('perms', 'in', ['merchant:courier:add', 'merchant:courier:cancel'])
      .execute();
    expect(btns).toHaveLength(2);
    await t.db
      .deleteFrom('roleMenu')
      .where('roleId', '=', role.roleId)
      .where(
        'menuId',
        'in',
        btns.map((b) => b.id),
      )
      .execute();
    expect(await subA.post(`${K}/add`, body())).toMatchObject({ status: 403, code: 301 });
    expect(await subA.post(`${K}/cancel`, { id, reason: '越权' })).toMatchObject({ code: 301 });
    expect(await subA.get(`${K}/senderDefault`)).toMatchObject({ code: 301 });
    expect((await ownerA.get(`${K}/findById/${id}`)).result.status).toBe(10);
    expect(await subA.get(`${K}/findAllByPage`)).toMatchObject({ code: 200 });
  });
});
