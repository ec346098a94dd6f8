import type { ConfigRecord } from '@jz/contracts/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, buildTestApp, demoUsers, expectEvery, type TestApp, waitFor } from './helpers/index.ts';

const FIND = 'app/config/findByType';
const EDIT = 'app/config/edit';

let t: TestApp;
let admin: Api;
let owner: Api;
let sub: Api;
beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, ownerA: owner, subA: sub } = await demoUsers(t, 'admin', 'ownerA', 'subA'));
});
afterAll(() => t?.close());

const decode = (r: { result: ConfigRecord }) => JSON.parse(r.result.value);

describe('configuration', () => {
  it('answers an empty content for a type never saved', async () => {
    const r = await admin.get<ConfigRecord>(`${FIND}/about_us`);
    expect(r).toMatchObject({ status: 200, code: 200, result: { type: 'about_us', updatedAt: null } });
    expect(decode(r)).toEqual({ content: '' });
  });

  it('saves type + JSON value, and every signed-in user reads it back decoded', async () => {
    const value = JSON.stringify({ content: '<p>运城洁家家政<span style="font-size: 24pt;">欢迎您</span></p>' });
    const saved = await admin.post<ConfigRecord>(EDIT, { type: 'about_us', value });
    expect(saved).toMatchObject({ code: 200, message: '操作成功', result: { type: 'about_us' } });
    for (const who of [admin, owner, sub]) {
      const r = await who.get<ConfigRecord>(`${FIND}/about_us`);
      expect(decode(r)).toEqual({ content: '<p>运城洁家家政<span style="font-size:24pt">欢迎您</span></p>' });
      expect(r.result.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    }
    // Saving again replaces the one record.
    await admin.post(EDIT, { type: 'about_us', value: JSON.stringify({ content: '<p>v2</p>' }) });
    expect(decode(await owner.get(`${FIND}/about_us`))).toEqual({ content: '<p>v2</p>' });
    expect(await t.db.selectFrom('config').select('id').where('type', '=', 'about_us').execute()).toHaveLength(1);
  });

  it('cleans the rich text: no script, no event handlers, no javascript: URLs; video, images and pt sizes stay', async () => {
    const dirty =
      '<p onclick="steal()">hi<script>alert(1)</script></p><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">link</a>' +
      '<iframe src="https://evil.example"></iframe><video src="/tmpl/uploads/sys/config/0123456789abcdef0123456789abcdef.mp4" controls></video>' +
      '<img src="/tmpl/uploads/sys/config/0123456789abcdef0123456789abcdef.png" alt="a"><span style="font-size: 36pt; position: fixed">big</span>';
    const r = await admin.post<ConfigRecord>(EDIT, {
      type: 'privacy_policy',
      value: JSON.stringify({ content: dirty }),
    });
    expect(r.code).toBe(200);
    const html = decode(await owner.get(`${FIND}/privacy_policy`)).content as string;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe|position/i);
    expect(html).toContain('<video src="/tmpl/uploads/sys/config/0123456789abcdef0123456789abcdef.mp4" controls');
    expect(html).toContain('<img src="/tmpl/uploads/sys/config/0123456789abcdef0123456789abcdef.png" alt="a" />');
    expect(html).toContain('<span style="font-size:36pt">big</span>');
  });

  it('refuses a malformed value with 2001 and changes nothing', async () => {
    await admin.post(EDIT, { type: 'user_agreement', value: JSON.stringify({ content: '<p>原文</p>' }) });
    for (const value of [
      'not json',
      '{"content":',
      '[1,2]',
      '"text"',
      '42',
      'null',
      JSON.stringify({ content: 5 }),
      JSON.stringify({ content: { a: 1 } }),
      JSON.stringify({ 'bad key': 'x' }),
    ]) {
      const r = await admin.post(EDIT, { type: 'user_agreement', value });
      expect(r, value).toMatchObject({ status: 400, code: 2001, result: null });
      expect(r.message).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect(await admin.post(EDIT, { type: 'user_agreement' })).toMatchObject({ code: 2001 });
    expect(await admin.post(EDIT, { type: 'Bad-Type!', value: '{"content":""}' })).toMatchObject({ code: 2001 });
    expect(await admin.get(`${FIND}/..%2F..%2Fetc`)).toMatchObject({ code: 2001 });
    expect(decode(await admin.get(`${FIND}/user_agreement`))).toEqual({ content: '<p>原文</p>' });
  });

  it('is for platform admins only: merchant owner and sub-account get 301, anonymous 401; nothing changes', async () => {
    const value = JSON.stringify({ content: '<p>hacked</p>' });
    expect(await owner.post(EDIT, { type: 'about_us', value })).toMatchObject({ status: 403, code: 301 });
    expect(await sub.post(EDIT, { type: 'about_us', value })).toMatchObject({ status: 403, code: 301 });
    expect(await api(t.app).post(EDIT, { type: 'about_us', value })).toMatchObject({ status: 401, code: 401 });
    expect(await api(t.app).get(`${FIND}/about_us`)).toMatchObject({ status: 401, code: 401 });
    expect(decode(await admin.get(`${FIND}/about_us`)).content).not.toContain('hacked');
  });

  it('keeps one whole value under concurrent saves', async () => {
    const values = Array.from({ length: 10 }, (_, i) => `<p>${'第'.repeat(i + 1)}${i}</p>`);
    const rs = await Promise.all(
      values.map((c) => admin.post(EDIT, { type: 'merchant_settle_notice', value: JSON.stringify({ content: c }) })),
    );
    expectEvery(rs, (r) => r.code === 200);
    const final = decode(await admin.get(`${FIND}/merchant_settle_notice`)).content;
    expect(values).toContain(final);
    expect(
      await t.db.selectFrom('config').select('id').where('type', '=', 'merchant_settle_notice').execute(),
    ).toHaveLength(1);
  });

  it('logs each save, and offers the four platform text types as a dictionary', async () => {
    await admin.post(EDIT, { type: 'about_us', value: JSON.stringify({ content: '<p>log</p>' }) });
    const row = await waitFor(() =>
      t.db
        .selectFrom('oplog')
        .selectAll()
        .where('url', '=', '/tmpl/api/app/config/edit')
        .orderBy('id', 'desc')
        .executeTakeFirst(),
    );
    expect(row).toMatchObject({ title: '系统配置', type: 'edit', success: 1 });
    const dict = await owner.get('app/dict/findByType/sys_config_type');
    expect(
      dict.result.dataList.map((d: { dictLabel: string; dictValue: string }) => `${d.dictValue}:${d.dictLabel}`),
    ).toEqual([
      'about_us:关于我们',
      'user_agreement:用户协议',
      'privacy_policy:隐私政策',
      'merchant_settle_notice:商家入驻须知',
    ]);
  });
});
