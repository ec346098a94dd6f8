import type { Banner } from '@jz/contracts/banner';
import type { Page } from '@jz/contracts/envelope';
import type { Feedback } from '@jz/contracts/feedback';
import type { Notice } from '@jz/contracts/notice';
import type { Qa } from '@jz/contracts/qa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Api,
  api,
  buildTestApp,
  expectEvery,
  loginAs,
  PHONES,
  sessionFor,
  type TestApp,
} from './helpers/index.ts';

let t: TestApp;
let admin: Api;
let ownerA: Api;
let ownerB: Api;
let subA: Api;

beforeAll(async () => {
  t = await buildTestApp();
  admin = api(t.app, await loginAs(t.app, PHONES.admin));
  ownerA = api(t.app, await sessionFor(t.app, PHONES.ownerA));
  ownerB = api(t.app, await sessionFor(t.app, PHONES.ownerB));
  subA = api(t.app, await sessionFor(t.app, PHONES.subA));
});
afterAll(() => t?.close());

const hour = 3600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('轮播图 /api/app/lunbotu', () => {
  it('adds, edits, filters and deletes; the live list respects status and publish window', async () => {
    const seeded = await admin.get<Page<Banner>>('app/lunbotu/findAllByPage');
    expect(seeded.result.total).toBeGreaterThanOrEqual(3);
    const a = await admin.post<{ id: number }>('app/lunbotu/add', {
      title: '在线',
      imageUrl: '/uploads/a.png',
      position: 'merchant_home',
      sort: 0,
      startAt: iso(-hour),
      endAt: iso(hour),
    });
    const future = await admin.post<{ id: number }>('app/lunbotu/add', {
      title: '未开始',
      imageUrl: '/uploads/b.png',
      position: 'merchant_home',
      startAt: iso(hour),
    });
    const ended = await admin.post<{ id: number }>('app/lunbotu/add', {
      title: '已结束',
      imageUrl: 'https://cdn.example.com/c.png',
      position: 'merchant_home',
      endAt: iso(-hour),
    });
    expect([a.code, future.code, ended.code]).toEqual([200, 200, 200]);
    const live = await ownerA.get<Banner[]>('app/lunbotu/live/findAllByList', { position: 'merchant_home' });
    const titles = live.result.map((b) => b.title);
    expect(titles).toContain('在线');
    expect(titles).not.toContain('未开始');
    expect(titles).not.toContain('已结束');
    expect((await admin.post('app/lunbotu/edit', { id: a.result.id, status: 1 })).code).toBe(200);
    expect(
      (await ownerA.get<Banner[]>('app/lunbotu/live/findAllByList', { position: 'merchant_home' })).result.map(
        (b) => b.title,
      ),
    ).not.toContain('在线');
    const row = (await admin.get<Page<Banner>>('app/lunbotu/findAllByPage', { title: '在线' })).result.records[0];
    expect(row).toMatchObject({ title: '在线', status: 1, imageUrl: '/uploads/a.png', position: 'merchant_home' });
    // Clearing the window through edit.
    expect((await admin.post('app/lunbotu/edit', { id: future.result.id, startAt: '' })).code).toBe(200);
    expect(
      (await admin.get<Page<Banner>>('app/lunbotu/findAllByPage', { title: '未开始' })).result.records[0].startAt,
    ).toBeNull();
    expectEvery(
      (await admin.get<Page<Banner>>('app/lunbotu/findAllByPage', { position: 'weapp_home' })).result.records,
      (b) => b.position === 'weapp_home',
    );
    expect((await admin.del(`app/lunbotu/delByIds/${a.result.id},${future.result.id}`)).code).toBe(200);
    expect((await admin.get<Page<Banner>>('app/lunbotu/findAllByPage', { title: '在线' })).result.total).toBe(0);
    expect(await admin.del('app/lunbotu/delByIds/999999')).toMatchObject({ code: 2002 });
  });

  it('refuses bad input', async () => {
    expect(
      await admin.post('app/lunbotu/add', { title: '', imageUrl: '/a.png', position: 'weapp_home' }),
    ).toMatchObject({ code: 2001, message: expect.stringContaining('请输入标题') });
    expect(
      await admin.post('app/lunbotu/add', { title: 'x', imageUrl: 'javascript:alert(1)', position: 'weapp_home' }),
    ).toMatchObject({ code: 2001, message: expect.stringContaining('图片地址无效') });
    expect(await admin.post('app/lunbotu/add', { title: 'x', imageUrl: '/a.png', position: 'moon' })).toMatchObject({
      code: 2001,
    });
    expect(
      await admin.post('app/lunbotu/add', {
        title: 'x',
        imageUrl: '/a.png',
        position: 'weapp_home',
        linkUrl: 'javascript:alert(1)',
      }),
    ).toMatchObject({ code: 2001 });
    expect(
      await admin.post('app/lunbotu/add', {
        title: 'x',
        imageUrl: '/a.png',
        position: 'weapp_home',
        startAt: iso(hour),
        endAt: iso(-hour),
      }),
    ).toMatchObject({
      code: 2001,
      message: expect.stringContaining('结束时间须晚于开始时间'),
    });
    const b = (await admin.get<Page<Banner>>('app/lunbotu/findAllByPage')).result.records[0];
    expect(await admin.post('app/lunbotu/edit', { id: b.id, startAt: iso(2 * hour), endAt: iso(hour) })).toMatchObject({
      code: 2001,
      message: '结束时间须晚于开始时间',
    });
    expect(await admin.post('app/lunbotu/edit', { id: 999999, title: 'x' })).toMatchObject({ code: 2002 });
  });
});

describe('通知公告 /api/app/tongzhi', () => {
  it('cleans rich text; merchants read only enabled notices whose publish time has come', async () => {
    const n = await admin.post<{ id: number }>('app/tongzhi/add', {
      title: '系统维护通知',
      content:
        '<p onclick="steal()">今晚维护<script>alert(1)</script><a href="javascript:alert(2)">详情</a><img src="x" onerror="alert(3)"></p>',
      type: '1',
    });
    expect(n.code).toBe(200);
    const stored = (await admin.get<Page<Notice>>('app/tongzhi/findAllByPage', { title: '系统维护' })).result
      .records[0];
    expect(stored.content).toContain('今晚维护');
    expect(stored.content).not.toMatch(/script|onclick|onerror|javascript:/i);
    const later = await admin.post<{ id: number }>('app/tongzhi/add', {
      title: '定时公告',
      content: '<p>明天发布</p>',
      type: '2',
      publishedAt: iso(24 * hour),
    });
    const off = await admin.post<{ id: number }>('app/tongzhi/add', {
      title: '停用公告',
      content: '<p>停用</p>',
      status: 1,
    });
    for (const who of [ownerA, subA, ownerB, admin]) {
      const list = await who.get<Page<Notice>>('app/tongzhi/published/findAllByPage', { pageSize: 50 });
      expect(list.code).toBe(200);
      const titles = list.result.records.map((r) => r.title);
      expect(titles).toContain('系统维护通知');
      expect(titles).not.toContain('定时公告');
      expect(titles).not.toContain('停用公告');
    }
    expect((await ownerA.get<Notice>(`app/tongzhi/published/findById/${n.result.id}`)).result.title).toBe(
      '系统维护通知',
    );
    expect(await ownerA.get(`app/tongzhi/published/findById/${later.result.id}`)).toMatchObject({ code: 2002 });
    expect(await ownerA.get(`app/tongzhi/published/findById/${off.result.id}`)).toMatchObject({ code: 2002 });
    // Publishing now makes it visible.
    expect((await admin.post('app/tongzhi/edit', { id: later.result.id, publishedAt: iso(-1000) })).code).toBe(200);
    expect((await ownerA.get(`app/tongzhi/published/findById/${later.result.id}`)).code).toBe(200);
    expect(
      (
        await admin.post('app/tongzhi/edit', {
          id: n.result.id,
          content: '<p>改<iframe src="https://evil"></iframe></p>',
        })
      ).code,
    ).toBe(200);
    expect(
      (await admin.get<Page<Notice>>('app/tongzhi/findAllByPage', { title: '系统维护' })).result.records[0].content,
    ).toBe('<p>改</p>');
    expect(await admin.post('app/tongzhi/add', { title: '空', content: '<p> </p>' })).toMatchObject({
      code: 2001,
      message: expect.stringContaining('请输入内容'),
    });
    expect((await admin.del(`app/tongzhi/delByIds/${off.result.id}`)).code).toBe(200);
    expect((await api(t.app).get('app/tongzhi/published/findAllByPage')).code).toBe(401);
  });
});

describe('常见问题 /api/app/qa', () => {
  it('adds with a cleaned answer, lists enabled ones to merchants, edits and deletes', async () => {
    const q = await admin.post<{ id: number }>('app/qa/add', {
      question: '如何联系客服？',
      answer: '<p>拨打 400<script>x</script></p>',
      category: 'other',
      sort: 3,
    });
    expect(q.code).toBe(200);
    const row = (await admin.get<Page<Qa>>('app/qa/findAllByPage', { question: '联系客服' })).result.records[0];
    expect(row).toMatchObject({
      question: '如何联系客服？',
      answer: '<p>拨打 400</p>',
      category: 'other',
      sort: 3,
      status: 0,
    });
    expect((await ownerA.get<Qa[]>('app/qa/published/findAllByList')).result.map((r) => r.question)).toContain(
      '如何联系客服？',
    );
    await admin.post('app/qa/edit', { id: q.result.id, status: 1 });
    expect((await ownerA.get<Qa[]>('app/qa/published/findAllByList')).result.map((r) => r.question)).not.toContain(
      '如何联系客服？',
    );
    expectEvery(
      (await admin.get<Page<Qa>>('app/qa/findAllByPage', { category: 'finance' })).result.records,
      (r) => r.category === 'finance',
    );
    expect(await admin.post('app/qa/add', { question: 'x', answer: '<p>a</p>', category: 'nope' })).toMatchObject({
      code: 2001,
    });
    expect((await admin.del(`app/qa/delByIds/${q.result.id}`)).code).toBe(200);
    expect(await admin.post('app/qa/edit', { id: q.result.id, question: 'x' })).toMatchObject({ code: 2002 });
  });
});

describe('意见反馈 /api/app/fankui', () => {
  it('merchants send feedback and see only their own merchant; the platform sees all', async () => {
    const sent = await subA.post<{ id: number }>('app/fankui/add', {
      type: '2',
      content: '核销页面偶尔加载很慢',
      images: JSON.stringify(['/uploads/f1.png']),
      contact: '微信 lyy',
    });
    expect(sent).toMatchObject({ code: 200, message: '反馈已提交，感谢您的建议' });
    expect(await subA.post('app/fankui/add', { type: '2', content: '短' })).toMatchObject({
      code: 2001,
      message: expect.stringContaining('反馈内容至少 5 个字'),
    });
    expect(await subA.post('app/fankui/add', { type: '9', content: '类型不对的反馈' })).toMatchObject({ code: 2001 });
    expect(
      await subA.post('app/fankui/add', { type: '1', content: '图片地址不对的反馈', images: '["javascript:x"]' }),
    ).toMatchObject({ code: 2001 });
    const mineA = await ownerA.get<Page<Feedback>>('app/fankui/mine/findAllByPage');
    expect(mineA.result.records.find((r) => r.id === sent.result.id)).toMatchObject({
      content: '核销页面偶尔加载很慢',
      images: ['/uploads/f1.png'],
      state: 0,
      userName: '李运营',
    });
    const mineB = await ownerB.get<Page<Feedback>>('app/fankui/mine/findAllByPage');
    expect(mineB.result.records.length).toBeGreaterThan(0);
    expect(mineB.result.records.some((r) => r.id === sent.result.id)).toBe(false);
    expectEvery(mineB.result.records, (r) => r.merchantName === '太原安心家政');
    const all = await admin.get<Page<Feedback>>('app/fankui/findAllByPage', { pageSize: 50 });
    expect(new Set(all.result.records.map((r) => r.merchantName))).toEqual(new Set(['运城洁家家政', '太原安心家政']));
    expectEvery(
      (await admin.get<Page<Feedback>>('app/fankui/findAllByPage', { merchantName: '太原' })).result.records,
      (r) => r.merchantName === '太原安心家政',
    );
    // A platform user is not a merchant: it cannot send merchant feedback.
    expect(await admin.post('app/fankui/add', { type: '1', content: '平台自己提交' })).toMatchObject({ code: 301 });
    expect(await admin.get('app/fankui/mine/findAllByPage')).toMatchObject({ code: 301 });
  });

  it('handles once with a reply; concurrent handling moves it once; merchants cannot handle', async () => {
    const sent = await ownerB.post<{ id: number }>('app/fankui/add', { type: '3', content: '客服回复太慢了' });
    expect(await ownerB.post('app/fankui/setState', { id: sent.result.id, state: 1, reply: '自己处理' })).toMatchObject(
      { code: 301 },
    );
    expect(await admin.post('app/fankui/setState', { id: sent.result.id, state: 1, reply: '' })).toMatchObject({
      code: 2001,
      message: expect.stringContaining('请输入回复内容'),
    });
    expect(await admin.post('app/fankui/setState', { id: sent.result.id, state: 0, reply: 'x' })).toMatchObject({
      code: 2001,
    });
    const results = await Promise.all(
      [1, 2, 3, 4].map((i) => admin.post('app/fankui/setState', { id: sent.result.id, state: 1, reply: `回复 ${i}` })),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.code === 2004).map((r) => r.message)).toEqual(
      Array(3).fill('该反馈已处理，不能重复处理'),
    );
    const row = (await ownerB.get<Page<Feedback>>('app/fankui/mine/findAllByPage', { state: 1 })).result.records.find(
      (r) => r.id === sent.result.id,
    )!;
    expect(row).toMatchObject({ state: 1, handlerName: '平台管理员' });
    expect(row.reply).toMatch(/^回复 \d$/);
    expect(row.handledAt).toBeTruthy();
    expect(await admin.post('app/fankui/setState', { id: 999999, state: 1, reply: 'x' })).toMatchObject({ code: 2002 });
  });
});
