import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { shanghaiDay } from '@jz/contracts/dispatch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raiseLateEvents } from '../src/modules/merchant/order/order-staff-steps.ts';
import { type Api, buildTestApp, demoUsers, envelopeOf, type TestApp } from './helpers/index.ts';
import { assignedTo, D, S, shopIdOf, staffMember } from './staff-fixture.ts';
import { expectEvery } from './helpers/expect-every.ts';

/**
 * The staff steps (docs/staff.md "Steps"): 出发 → 到达 (distance, flag) → 开始服务 (验券 with her code) → 完成 (photos, note,
 * the completion and settlement), each in the order timeline with her as operator and on the live event rows; out of
 * order, twice, concurrent double taps, step keys, offline times, photos; the board, the order detail and the late
 * check. Both databases.
 */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const POINT = { lat: 35.0264, lng: 111.007 };
const SIGNED = /^\/tmpl\/files\/job\/[0-9a-f]{32}\.png\?e=\d+&m=\d+&s=[\w-]+$/;

let t: TestApp;
let owner: Api;
let shopA: number;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'jz-staff-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  ({ ownerA: owner } = await demoUsers(t, 'ownerA'));
  shopA = await shopIdOf(t);
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A signed-in employee with one order of hers at the point, in an hour (待服务: 完成 opens two hours before). */
async function job() {
  const s = await staffMember(t, shopA);
  const o = await assignedTo(t, owner, shopA, s.id, new Date(Date.now() + 3_600_000).toISOString());
  await t.db.updateTable('serviceOrder').set(POINT).where('id', '=', o.id).execute();
  return { s, o, url: (step: string) => `${S}/jobs/${o.id}/${step}` };
}

const timeline = (orderId: number) =>
  t.db
    .selectFrom('orderTimeline')
    .select(['action', 'operatorType', 'operatorId', 'operatorName', 'fromStatus', 'toStatus', 'remark', 'createdAt'])
    .where('orderId', '=', orderId)
    .orderBy('id')
    .execute();
const events = async (orderId: number) =>
  (await t.db.selectFrom('orderEvent').select('kind').where('orderId', '=', orderId).orderBy('id').execute()).map(
    (e) => e.kind,
  );
const progress = (orderId: number) =>
  t.db.selectFrom('orderStaffProgress').selectAll().where('orderId', '=', orderId).executeTakeFirst();
const status = async (orderId: number) =>
  (await t.db.selectFrom('serviceOrder').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;

async function multipart(data: Buffer, name: string, type: string) {
  const fd = new FormData();
  fd.append('rootPath', 'employee');
  fd.append('file', new Blob([new Uint8Array(data)], { type }), name);
  const req = new Request('http://x/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}
async function upload(token: string, data = PNG, name = 'p.png', type = 'image/png') {
  const { payload, contentType } = await multipart(data, name, type);
  const res = await t.app.inject({
    method: 'POST',
    url: `/tmpl/api/${S}/upload`,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
  return envelopeOf<{ url: string }>(res);
}

describe('the steps in order', () => {
  it('出发 → 到达 → 开始 → 完成: timeline with her as operator, live events, completion and settlement', async () => {
    const { s, o, url } = await job();
    const dep = await s.api.post(url('depart'));
    expect(dep).toMatchObject({ code: 200, result: { step: 'departed', departedAt: expect.any(String) } });
    const arr = await s.api.post(url('arrive'), { lat: POINT.lat + 0.001, lng: POINT.lng });
    expect(arr).toMatchObject({
      code: 200,
      result: { step: 'arrived', arrivalFlag: 'near', arrivalDistanceM: expect.any(Number) },
    });
    expect(arr.result.arrivalDistanceM).toBeGreaterThan(100);
    expect(arr.result.arrivalDistanceM).toBeLessThan(120);

    // the board shows where she is
    const board = await owner.get('app/jiazheng/paidan/board', { date: shanghaiDay(o.appointmentAt), shopId: shopA });
    const block = board.result.employees
      .find((e: { id: number }) => e.id === s.id)
      .blocks.find((b: { orderId: number }) => b.orderId === o.id);
    expect(block).toMatchObject({ step: 'arrived', arrivalFlag: 'near', late: false });

    const st = await s.api.post(url('start'), { code: o.code });
    expect(st).toMatchObject({ code: 200, result: { step: 'serving', status: 40, startedAt: expect.any(String) } });

    const photo = await upload(s.token);
    expect(photo.code).toBe(200);
    expect(photo.result.url).toMatch(SIGNED); // signed for her
    const fin = await s.api.post(url('finish'), { photos: JSON.stringify([photo.result.url]), note: '已打扫干净' });
    expect(fin).toMatchObject({ code: 200, result: { step: 'done', status: 50, finishNote: '已打扫干净' } });
    expect(fin.result.photos).toHaveLength(1);
    expect(fin.result.photos[0]).toMatch(SIGNED);
    // stored as the stable reference
    const p = await progress(o.id);
    expect(JSON.parse(p!.photos)[0]).toMatch(/^\/tmpl\/files\/job\/[0-9a-f]{32}\.png$/);

    const tl = await timeline(o.id);
    const staffRows = tl.filter((r) => r.operatorType === 'staff');
    expect(staffRows.map((r) => r.action)).toEqual(['员工出发', '员工到达打卡', '验券开始服务', '确认服务完成']);
    expectEvery(staffRows, (r) => r.operatorId === s.id && r.operatorName === s.name, 'staff timeline rows');
    expect(await events(o.id)).toEqual(expect.arrayContaining(['departed', 'arrived', 'verified', 'completed']));
    const settlement = await t.db
      .selectFrom('financeSettlement')
      .select('id')
      .where('orderId', '=', o.id)
      .executeTakeFirst();
    expect(settlement).toBeDefined();

    // the console's order detail carries the steps, photos signed for the merchant
    const d = await owner.get(`${D}/findById/${o.id}`);
    expect(d.result.staffSteps).toMatchObject({
      employeeId: s.id,
      step: 'done',
      arrivalFlag: 'near',
      finishNote: '已打扫干净',
      departedAt: expect.any(String),
      arrivedAt: expect.any(String),
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
    });
    expect(d.result.staffSteps.photos[0]).toMatch(SIGNED);
    expect(d.result.timeline.some((r: { operatorType: string }) => r.operatorType === 'staff')).toBe(true);
  });

  it('out of order or twice: a clear refusal that changes nothing', async () => {
    const { s, o, url } = await job();
    expect(await s.api.post(url('arrive'), POINT)).toMatchObject({ code: 2004, message: '请先点「出发」，再到达打卡' });
    expect(await s.api.post(url('start'), { code: o.code })).toMatchObject({ code: 2004 });
    expect(await s.api.post(url('finish'))).toMatchObject({ code: 2004, message: '请先输入核销码开始服务' });
    expect((await progress(o.id))?.arrivedAt ?? null).toBeNull();
    expect(await status(o.id)).toBe(30);

    expect(await s.api.post(url('depart'))).toMatchObject({ code: 200 });
    const before = (await timeline(o.id)).length;
    expect(await s.api.post(url('depart'))).toMatchObject({ code: 2004, message: '已出发，不能重复操作' });
    expect(await s.api.post(url('start'), { code: o.code })).toMatchObject({
      code: 2004,
      message: '请先到达打卡，再开始服务',
    });
    expect(await s.api.post(url('arrive'), POINT)).toMatchObject({ code: 200 });
    expect(await s.api.post(url('arrive'), POINT)).toMatchObject({ code: 2004, message: '已到达打卡，不能重复操作' });
    expect((await timeline(o.id)).length).toBe(before + 1);
    expect(await events(o.id)).toEqual(expect.arrayContaining(['departed', 'arrived']));
    expect((await events(o.id)).filter((k) => k === 'departed')).toHaveLength(1);
  });

  it('concurrent double taps: exactly one succeeds (出发, 开始 and 完成)', async () => {
    const { s, o, url } = await job();
    const deps = await Promise.all([s.api.post(url('depart')), s.api.post(url('depart')), s.api.post(url('depart'))]);
    expect(deps.filter((r) => r.code === 200)).toHaveLength(1);
    expect(deps.filter((r) => r.code === 2004)).toHaveLength(2);
    expect((await events(o.id)).filter((k) => k === 'departed')).toHaveLength(1);
    await s.api.post(url('arrive'), POINT);
    const starts = await Promise.all([
      s.api.post(url('start'), { code: o.code }),
      s.api.post(url('start'), { code: o.code }),
    ]);
    expect(starts.filter((r) => r.code === 200)).toHaveLength(1);
    expect((await events(o.id)).filter((k) => k === 'verified')).toHaveLength(1);
    const photo = (await upload(s.token)).result.url;
    const finishes = await Promise.all(
      ['甲', '乙'].map((note) => s.api.post(url('finish'), { photos: JSON.stringify([photo]), note })),
    );
    expect(finishes.filter((r) => r.code === 200)).toHaveLength(1);
    const winner = finishes.find((r) => r.code === 200)!;
    expect((await progress(o.id))?.finishNote).toBe(winner.result.finishNote);
    expect((await events(o.id)).filter((k) => k === 'completed')).toHaveLength(1);
    const settlements = await t.db.selectFrom('financeSettlement').select('id').where('orderId', '=', o.id).execute();
    expect(settlements).toHaveLength(1);
  });

  it('a stepId answers the same result without doing the step twice, even sent at once', async () => {
    const { s, o, url } = await job();
    const first = await s.api.post(url('depart'), { stepId: 'tap-depart-0001' });
    expect(first).toMatchObject({ code: 200, result: { step: 'departed' } });
    const again = await s.api.post(url('depart'), { stepId: 'tap-depart-0001' });
    expect(again).toMatchObject({ code: 200, result: { step: 'departed', departedAt: first.result.departedAt } });
    expect((await events(o.id)).filter((k) => k === 'departed')).toHaveLength(1);
    // the same key for another step is refused
    expect(await s.api.post(url('arrive'), { ...POINT, stepId: 'tap-depart-0001' })).toMatchObject({ code: 2004 });
    const both = await Promise.all([
      s.api.post(url('arrive'), { ...POINT, stepId: 'tap-arrive-0001' }),
      s.api.post(url('arrive'), { ...POINT, stepId: 'tap-arrive-0001' }),
    ]);
    expect(both.map((r) => r.code)).toEqual([200, 200]);
    expect((await events(o.id)).filter((k) => k === 'arrived')).toHaveLength(1);
    // a failed step frees its key: the same tap retried later succeeds
    expect(await s.api.post(url('start'), { code: '000000000000', stepId: 'tap-start-0001' })).toMatchObject({
      code: 2001,
    });
    expect(await s.api.post(url('start'), { code: o.code, stepId: 'tap-start-0001' })).toMatchObject({
      code: 200,
      result: { step: 'serving' },
    });
  });

  it('an offline time is taken within the last 24 h and not in the future; else the time it arrives', async () => {
    const a = await job();
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString();
    await a.s.api.post(a.url('depart'), { at: twoHoursAgo });
    expect((await progress(a.o.id))?.departedAt).toBe(twoHoursAgo);
    expect((await timeline(a.o.id)).find((r) => r.action === '员工出发')?.createdAt).toBe(twoHoursAgo);

    for (const bad of [
      new Date(Date.now() - 25 * 3_600_000).toISOString(),
      new Date(Date.now() + 3_600_000).toISOString(),
    ]) {
      const b = await job();
      const t0 = Date.now();
      await b.s.api.post(b.url('depart'), { at: bad });
      const got = Date.parse((await progress(b.o.id))!.departedAt!);
      expect(got).toBeGreaterThanOrEqual(t0 - 1000);
      expect(got).toBeLessThanOrEqual(Date.now());
    }
  });
});

describe('clock-in', () => {
  it('far beyond the shop radius is flagged with its distance; the shop may widen the radius', async () => {
    const { s, o, url } = await job();
    await s.api.post(url('depart'));
    const r = await s.api.post(url('arrive'), { lat: POINT.lat + 0.02, lng: POINT.lng, accuracy: 15 });
    expect(r).toMatchObject({ code: 200, result: { arrivalFlag: 'far' } });
    expect(r.result.arrivalDistanceM).toBeGreaterThan(2000);
    expect((await timeline(o.id)).at(-1)?.remark).toMatch(/^距服务地址 \d+ 米（超出打卡范围）$/);
    const board = await owner.get('app/jiazheng/paidan/board', { date: shanghaiDay(o.appointmentAt), shopId: shopA });
    const block = board.result.employees
      .find((e: { id: number }) => e.id === s.id)
      .blocks.find((b: { orderId: number }) => b.orderId === o.id);
    expect(block).toMatchObject({ step: 'arrived', arrivalFlag: 'far' });

    await t.db.updateTable('shopSetting').set({ arrivalRadiusM: 5000 }).where('shopId', '=', shopA).execute();
    try {
      const n = await job();
      await n.s.api.post(n.url('depart'));
      expect(await n.s.api.post(n.url('arrive'), { lat: POINT.lat + 0.02, lng: POINT.lng })).toMatchObject({
        result: { arrivalFlag: 'near' },
      });
    } finally {
      await t.db.updateTable('shopSetting').set({ arrivalRadiusM: 500 }).where('shopId', '=', shopA).execute();
    }
  });

  it('no location given: no_location; coordinates out of range or half a point: refused', async () => {
    const { s, url } = await job();
    await s.api.post(url('depart'));
    expect(await s.api.post(url('arrive'), { lat: 91, lng: 111 })).toMatchObject({ code: 2001 });
    expect(await s.api.post(url('arrive'), { lat: 35 })).toMatchObject({ code: 2001 });
    expect(await s.api.post(url('arrive'))).toMatchObject({
      code: 200,
      result: { arrivalFlag: 'no_location', arrivalDistanceM: null },
    });
  });
});

describe('开始 with the code', () => {
  it('a wrong code, or another order’s code, is refused and counted; nothing changes', async () => {
    const { s, o, url } = await job();
    const other = await job();
    await s.api.post(url('depart'));
    await s.api.post(url('arrive'), POINT);
    const failures = async () =>
      (await t.db.selectFrom('verifyAttempt').select('id').where('ok', '=', 0).where('userId', '=', s.id).execute())
        .length;
    const f0 = await failures();
    expect(await s.api.post(url('start'), { code: '111122223333' })).toMatchObject({
      code: 2001,
      message: '核销码不正确，请向顾客核对',
    });
    expect(await s.api.post(url('start'), { code: other.o.code })).toMatchObject({ code: 2001 });
    expect(await failures()).toBe(f0 + 2);
    expect(await status(o.id)).toBe(30);
    expect(await status(other.o.id)).toBe(30); // the other order was not verified
    expect(await s.api.post(url('start'), { code: 'abc' })).toMatchObject({ code: 2001 });
  });
});

describe('完成 with photos', () => {
  it('refuses files that are not images, more than 9 photos, and photos she did not upload', async () => {
    const { s, o, url } = await job();
    expect(await upload(s.token, Buffer.from('not an image at all'), 'x.png', 'image/png')).toMatchObject({
      code: 2001,
    });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    expect(await upload(s.token, pdf, 'x.pdf', 'application/pdf')).toMatchObject({ code: 2001 });

    await s.api.post(url('depart'));
    await s.api.post(url('arrive'), POINT);
    await s.api.post(url('start'), { code: o.code });
    const p = (await upload(s.token)).result.url;
    expect(await s.api.post(url('finish'), { photos: JSON.stringify(Array(10).fill(p)) })).toMatchObject({
      code: 2001,
      message: expect.stringContaining('最多上传 9 张照片'),
    });
    // another employee's upload cannot be borrowed
    const other = await staffMember(t, shopA);
    const theirs = (await upload(other.token)).result.url;
    expect(await s.api.post(url('finish'), { photos: JSON.stringify([theirs]) })).toMatchObject({ code: 2001 });
    expect(await status(o.id)).toBe(40);
    // nor is her photo signed for the other employee
    const mine = await s.api.post(url('finish'), { photos: JSON.stringify([p]) });
    expect(mine).toMatchObject({ code: 200, result: { step: 'done' } });
    expect(mine.result.photos[0]).toMatch(SIGNED);
  });
});

describe('迟到提醒', () => {
  it('an order not clocked in 15 minutes after its start raises one `late` event; a clocked-in one none', async () => {
    const late = await job();
    const ontime = await job();
    const startedAgo = new Date(Date.now() - 20 * 60_000).toISOString();
    await t.db
      .updateTable('serviceOrder')
      .set({ appointmentAt: startedAgo })
      .where('id', 'in', [late.o.id, ontime.o.id])
      .execute();
    await ontime.s.api.post(ontime.url('depart'));
    await ontime.s.api.post(ontime.url('arrive'), POINT);
    expect(await raiseLateEvents(t.db)).toBeGreaterThanOrEqual(1);
    expect(await raiseLateEvents(t.db)).toBe(0);
    expect((await events(late.o.id)).filter((k) => k === 'late')).toHaveLength(1);
    expect(await events(ontime.o.id)).not.toContain('late');
    expect((await timeline(late.o.id)).at(-1)).toMatchObject({ action: '迟到提醒', operatorType: 'system' });
    const d = await owner.get(`${D}/findById/${late.o.id}`);
    expect(d.result.staffSteps).toMatchObject({ step: 'assigned', lateAt: expect.any(String) });
    const board = await owner.get('app/jiazheng/paidan/board', { date: shanghaiDay(startedAgo), shopId: shopA });
    const block = board.result.employees
      .find((e: { id: number }) => e.id === late.s.id)
      .blocks.find((b: { orderId: number }) => b.orderId === late.o.id);
    expect(block).toMatchObject({ late: true, step: 'assigned' });
  });
});
