import type {
  Agreement,
  AgreementVersion,
  PendingAgreement,
  Signature,
  SignatureDetail,
} from '@jz/contracts/agreement';
import type { Page } from '@jz/contracts/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertAgreementsSigned } from '../src/modules/merchant/agreement/agreement.service.ts';
import { type Api, api, buildTestApp, demoUsers, expectEvery, PHONES, type TestApp } from './helpers/index.ts';

const M = 'app/jiazheng/xieyi';
const P = 'app/xieyi';

let t: TestApp;
let admin: Api;
let ownerA: Api;
let ownerB: Api;
let subA: Api;
let ids: { merchantA: number; merchantB: number; ownerB: number; settle: number; privacy: number; service: number };

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, ownerA, ownerB, subA } = await demoUsers(t));
  const user = (phone: string) =>
    t.db.selectFrom('user').select(['id', 'merchantId']).where('phone', '=', phone).executeTakeFirstOrThrow();
  const agreement = async (title: string) =>
    (await t.db.selectFrom('agreement').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;
  const a = await user(PHONES.ownerA);
  const b = await user(PHONES.ownerB);
  ids = {
    merchantA: a.merchantId!,
    merchantB: b.merchantId!,
    ownerB: b.id,
    settle: await agreement('商家入驻协议'),
    privacy: await agreement('隐私政策'),
    service: await agreement('家政服务规范'),
  };
});
afterAll(() => t?.close());

const signatureCount = async (agreementId: number, merchantId: number) =>
  (
    await t.db
      .selectFrom('agreementSignature')
      .select('id')
      .where('agreementId', '=', agreementId)
      .where('merchantId', '=', merchantId)
      .execute()
  ).length;

describe('demo agreements', () => {
  it('merchant A has signed the must-sign 入驻协议 v2; only 隐私政策 is pending', async () => {
    const r = await ownerA.get<PendingAgreement[]>(`${M}/findDaiqianList`);
    expect(r).toMatchObject({ status: 200, code: 200 });
    expect(r.result.map((p) => p.title)).toEqual(['隐私政策']);
    expect(r.result[0]).toMatchObject({ mustSign: 0, version: 1, signedVersion: null });
    await expect(assertAgreementsSigned(t.db, ids.merchantA, '提现')).resolves.toBeUndefined();
  });

  it('merchant B signed v1 only: v2 of the must-sign agreement is pending first, and withdrawals would be refused with the reason', async () => {
    const r = await ownerB.get<PendingAgreement[]>(`${M}/findDaiqianList`);
    expect(r.result.map((p) => p.title)).toEqual(['商家入驻协议', '家政服务规范', '隐私政策']);
    expect(r.result[0]).toMatchObject({ id: ids.settle, mustSign: 1, version: 2, signedVersion: 1 });
    expect(r.result[0].content).toContain('第五条（新增）');
    await expect(assertAgreementsSigned(t.db, ids.merchantB, '提现')).rejects.toMatchObject({
      code: 2004,
      message: '请先签署《商家入驻协议》（第 2 版）后再提现',
    });
  });

  it('我的协议 lists only the caller merchant’s signatures, newest first, with version, signer and current flag', async () => {
    const r = await ownerA.get<Page<Signature>>(`${M}/findMyByPage`);
    expect(r.result.total).toBe(3);
    expectEvery(r.result.records, (s) => s.merchantId === ids.merchantA);
    const settle = r.result.records.filter((s) => s.agreementId === ids.settle);
    expect(settle.map((s) => [s.version, s.isCurrent])).toEqual([
      [2, 1],
      [1, 0],
    ]);
    expect(settle[0]).toMatchObject({ signerName: '王洁', userName: '王洁', type: 'settle', mustSign: 1 });
    expect(r.raw).not.toContain('赵安');
    const filtered = await ownerA.get<Page<Signature>>(`${M}/findMyByPage`, { type: 'service' });
    expect(filtered.result.records.map((s) => s.title)).toEqual(['家政服务规范']);
  });
});

describe('signing', () => {
  it('records version, signer, user, time and IP; the agreement leaves the pending list and the must-sign check passes', async () => {
    const before = Date.now();
    const r = await ownerB.post<SignatureDetail>(
      `${M}/qianshu`,
      { id: ids.settle, signerName: '赵安', version: 2 },
      { remoteAddress: '10.1.2.3' },
    );
    expect(r).toMatchObject({ status: 200, code: 200, message: '签署成功' });
    expect(r.result).toMatchObject({
      agreementId: ids.settle,
      version: 2,
      merchantId: ids.merchantB,
      userId: ids.ownerB,
      signerName: '赵安',
      ip: '10.1.2.3',
      isCurrent: 1,
    });
    expect(Date.parse(r.result.signedAt)).toBeGreaterThanOrEqual(before - 1000);
    const v2 = await t.db
      .selectFrom('agreementVersion')
      .select('content')
      .where('agreementId', '=', ids.settle)
      .where('version', '=', 2)
      .executeTakeFirstOrThrow();
    expect(r.result.content).toBe(v2.content);

    const pending = await ownerB.get<PendingAgreement[]>(`${M}/findDaiqianList`);
    expect(pending.result.map((p) => p.id)).not.toContain(ids.settle);
    await expect(assertAgreementsSigned(t.db, ids.merchantB)).resolves.toBeUndefined();

    const detail = await ownerB.get<SignatureDetail>(`${M}/findQianshuById/${r.result.id}`);
    expect(detail.result).toMatchObject({
      id: r.result.id,
      title: '商家入驻协议',
      version: 2,
      signerName: '赵安',
      content: v2.content,
    });
  });

  it('is idempotent: concurrent and repeated signs of one version keep one record', async () => {
    expect(await signatureCount(ids.privacy, ids.merchantB)).toBe(0);
    const rs = await Promise.all(
      [1, 2, 3, 4].map(() => ownerB.post<SignatureDetail>(`${M}/qianshu`, { id: ids.privacy, signerName: '赵安' })),
    );
    expect(rs.map((r) => r.code)).toEqual([200, 200, 200, 200]);
    expect(new Set(rs.map((r) => r.result.id)).size).toBe(1);
    expect(rs.filter((r) => r.message === '签署成功')).toHaveLength(1);
    const again = await ownerB.post<SignatureDetail>(`${M}/qianshu`, { id: ids.privacy, signerName: '另一个人' });
    expect(again).toMatchObject({ code: 200, message: '该版本已签署' });
    expect(again.result).toMatchObject({ id: rs[0].result.id, signerName: '赵安' });
    expect(await signatureCount(ids.privacy, ids.merchantB)).toBe(1);
  });

  it('refuses a stale version with the reason (2004) and records nothing', async () => {
    const before = await signatureCount(ids.service, ids.merchantB);
    const r = await ownerB.post(`${M}/qianshu`, { id: ids.service, signerName: '赵安', version: 7 });
    expect(r).toMatchObject({ status: 409, code: 2004, message: '《家政服务规范》已更新为第 1 版，请重新阅读后签署' });
    expect(await signatureCount(ids.service, ids.merchantB)).toBe(before);
  });

  it('validates the input (2001)', async () => {
    for (const body of [
      { id: ids.service },
      { id: ids.service, signerName: ' ' },
      { id: ids.service, signerName: '<b>x</b>' },
      { id: 'abc', signerName: '赵安' },
      { id: ids.service, signerName: '赵'.repeat(31) },
    ]) {
      const r = await ownerB.post(`${M}/qianshu`, body);
      expect(r, JSON.stringify(body)).toMatchObject({ status: 400, code: 2001 });
    }
    expect(await signatureCount(ids.service, ids.merchantB)).toBe(0);
  });

  it('an unknown agreement answers 2002', async () => {
    expect(await ownerB.post(`${M}/qianshu`, { id: 999999, signerName: '赵安' })).toMatchObject({ code: 2002 });
  });

  it('another merchant’s signature record answers 2002', async () => {
    const bRec = await t.db
      .selectFrom('agreementSignature')
      .select('id')
      .where('merchantId', '=', ids.merchantB)
      .executeTakeFirstOrThrow();
    const r = await ownerA.get(`${M}/findQianshuById/${bRec.id}`);
    expect(r).toMatchObject({ status: 404, code: 2002 });
    expect(r.raw).not.toContain('赵安');
  });

  it('anonymous calls answer 401', async () => {
    const anon = api(t.app);
    expect(await anon.get(`${M}/findDaiqianList`)).toMatchObject({ status: 401, code: 401 });
    expect(await anon.post(`${M}/qianshu`, { id: ids.service, signerName: '赵安' })).toMatchObject({
      status: 401,
      code: 401,
    });
    expect(await anon.get(`${M}/findMyByPage`)).toMatchObject({ code: 401 });
  });

  it('a sub-account without the signing permission gets 301 and signs nothing; the platform admin is not a merchant', async () => {
    const signMenu = await t.db
      .selectFrom('menu')
      .select('id')
      .where('seedKey', '=', 'merchant.agreement.sign')
      .executeTakeFirstOrThrow();
    const role = await t.db
      .selectFrom('role')
      .select('id')
      .where('code', '=', 'shop_operator')
      .executeTakeFirstOrThrow();
    const ok = await subA.get<PendingAgreement[]>(`${M}/findDaiqianList`);
    expect(ok.code).toBe(200);
    await t.db.deleteFrom('roleMenu').where('roleId', '=', role.id).where('menuId', '=', signMenu.id).execute();
    try {
      const r = await subA.post(`${M}/qianshu`, { id: ids.privacy, signerName: '李运营' });
      expect(r).toMatchObject({ status: 403, code: 301 });
      expect(await signatureCount(ids.privacy, ids.merchantA)).toBe(0);
    } finally {
      await t.db.insertInto('roleMenu').values({ roleId: role.id, menuId: signMenu.id }).execute();
    }
    expect(await admin.post(`${M}/qianshu`, { id: ids.privacy, signerName: '管理员' })).toMatchObject({ code: 301 });
  });
});

describe('platform agreement management', () => {
  let id: number;

  it('is refused to merchants (301) and to anonymous callers (401)', async () => {
    expect(await ownerA.get(`${P}/findAllByPage`)).toMatchObject({ status: 403, code: 301 });
    expect(await ownerA.post(`${P}/add`, { type: 'other', title: 'x', content: '<p>x</p>' })).toMatchObject({
      code: 301,
    });
    expect(await ownerA.post(`${P}/fabu`, { id: ids.settle })).toMatchObject({ code: 301 });
    expect(await api(t.app).get(`${P}/findAllByPage`)).toMatchObject({ code: 401 });
  });

  it('lists agreements with how many merchants signed the current version', async () => {
    const r = await admin.get<Page<Agreement>>(`${P}/findAllByPage`, { pageSize: 50 });
    expect(r.code).toBe(200);
    const settle = r.result.records.find((a) => a.id === ids.settle)!;
    expect(settle).toMatchObject({ mustSign: 1, status: 1, currentVersion: 2, signedCount: 2 });
    const byType = await admin.get<Page<Agreement>>(`${P}/findAllByPage`, { type: 'privacy' });
    expect(byType.result.records.map((a) => a.title)).toEqual(['隐私政策']);
    expect((await admin.get(`${P}/findAllByPage`, { type: 'nope' })).code).toBe(2001);
  });

  it('adds a draft with sanitised rich text; bad input answers 2001', async () => {
    expect(await admin.post(`${P}/add`, { type: 'other', title: '', content: '<p>x</p>' })).toMatchObject({
      code: 2001,
    });
    expect(await admin.post(`${P}/add`, { type: 'nope', title: '退款规则' })).toMatchObject({ code: 2001 });
    const r = await admin.post<{ id: number }>(`${P}/add`, {
      type: 'other',
      title: '保证金规则',
      mustSign: 1,
      content:
        '<p onclick="steal()">保证金 <strong>500 元</strong></p><script>alert(1)</script><img src="javascript:alert(1)" onerror="x()"><a href="javascript:evil()">链接</a>',
    });
    expect(r.code).toBe(200);
    id = r.result.id;
    const row = await t.db.selectFrom('agreement').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 0, currentVersion: 0, mustSign: 1 });
    expect(row.content).toContain('<strong>500 元</strong>');
    expect(row.content).not.toMatch(/script|onclick|onerror|javascript:/i);
    // A draft is nobody's business yet.
    expect((await ownerA.get<PendingAgreement[]>(`${M}/findDaiqianList`)).result.map((p) => p.id)).not.toContain(id);
  });

  it('publishing v1 asks every merchant to sign, tells them by message, and blocks their withdrawals', async () => {
    const msgsBefore = await t.db
      .selectFrom('message')
      .select('id')
      .where('refType', '=', 'agreement')
      .where('refId', '=', id)
      .execute();
    expect(msgsBefore).toHaveLength(0);
    const r = await admin.post(`${P}/fabu`, { id, remark: '首次发布' });
    expect(r).toMatchObject({ code: 200, result: { version: 1, isNew: true } });
    for (const owner of [ownerA, ownerB]) {
      const p = await owner.get<PendingAgreement[]>(`${M}/findDaiqianList`);
      expect(p.result[0]).toMatchObject({ id, version: 1, mustSign: 1, signedVersion: null });
    }
    await expect(assertAgreementsSigned(t.db, ids.merchantA, '提现')).rejects.toMatchObject({ code: 2004 });
    const msgs = await t.db
      .selectFrom('message')
      .select(['userId', 'type', 'title'])
      .where('refType', '=', 'agreement')
      .where('refId', '=', id)
      .execute();
    const merchantUsers = await t.db
      .selectFrom('user')
      .select('id')
      .where('userType', '=', 'merchant')
      .where('status', '=', 0)
      .execute();
    expect(msgs.map((m) => m.userId).sort()).toEqual(merchantUsers.map((u) => u.id).sort());
    expect(msgs[0]).toMatchObject({ type: 'system', title: '新协议：保证金规则' });
  });

  it('re-publishing unchanged content is refused; a changed draft becomes v2 and signers of v1 must sign again', async () => {
    expect(await admin.post(`${P}/fabu`, { id })).toMatchObject({
      code: 2004,
      message: '内容与当前第 1 版相同，无需发布新版本',
    });
    const signed = await ownerA.post<SignatureDetail>(`${M}/qianshu`, { id, signerName: '王洁', version: 1 });
    expect(signed.code).toBe(200);
    const v1Content = signed.result.content;

    expect((await admin.post(`${P}/edit`, { id, content: '<p>保证金 <strong>800 元</strong></p>' })).code).toBe(200);
    // The published text is immutable: editing the draft does not change what was signed.
    expect((await ownerA.get<SignatureDetail>(`${M}/findQianshuById/${signed.result.id}`)).result.content).toBe(
      v1Content,
    );
    expect((await ownerA.get<PendingAgreement[]>(`${M}/findDaiqianList`)).result.map((p) => p.id)).not.toContain(id);

    // Two admins publish at once: one new version, not two.
    const rs = await Promise.all([admin.post(`${P}/fabu`, { id }), admin.post(`${P}/fabu`, { id })]);
    expect(rs.map((r) => r.code).sort()).toEqual([200, 2004]);
    const detail = await admin.get<Agreement & { versions: AgreementVersion[] }>(`${P}/findById/${id}`);
    expect(detail.result.currentVersion).toBe(2);
    expect(detail.result.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(detail.result.versions[1].content).toBe(v1Content);

    const pending = await ownerA.get<PendingAgreement[]>(`${M}/findDaiqianList`);
    expect(pending.result[0]).toMatchObject({ id, version: 2, signedVersion: 1 });
    expect(pending.result[0].content).toContain('800 元');
    expect(await ownerA.post(`${M}/qianshu`, { id, signerName: '王洁', version: 1 })).toMatchObject({ code: 2004 });
    const mine = await ownerA.get<Page<Signature>>(`${M}/findMyByPage`, { title: '保证金' });
    expect(mine.result.records.map((s) => [s.version, s.isCurrent])).toEqual([[1, 0]]);
  });

  it('withdrawing takes it off the signing list; publishing again restores the same version', async () => {
    expect(await admin.post(`${P}/chehui`, { id })).toMatchObject({ code: 200 });
    expect(await admin.post(`${P}/chehui`, { id })).toMatchObject({ code: 2004, message: '只有已发布的协议可以撤回' });
    expect((await ownerB.get<PendingAgreement[]>(`${M}/findDaiqianList`)).result.map((p) => p.id)).not.toContain(id);
    await expect(assertAgreementsSigned(t.db, ids.merchantA)).resolves.toBeUndefined();
    expect(await ownerB.post(`${M}/qianshu`, { id, signerName: '赵安' })).toMatchObject({
      code: 2002,
      message: '协议不存在或已撤回',
    });
    const again = await admin.post(`${P}/fabu`, { id });
    expect(again).toMatchObject({ code: 200, result: { version: 2, isNew: false } });
    expect((await ownerB.get<PendingAgreement[]>(`${M}/findDaiqianList`)).result.map((p) => p.id)).toContain(id);
  });

  it('lists signature records across merchants, filterable by agreement', async () => {
    const r = await admin.get<Page<Signature>>(`${P}/findQianshuByPage`, { agreementId: id });
    expect(r.result.records).toHaveLength(1);
    expect(r.result.records[0]).toMatchObject({ merchantName: '运城洁家家政', version: 1, signerName: '王洁' });
    const byName = await admin.get<Page<Signature>>(`${P}/findQianshuByPage`, { merchantName: '太原' });
    expectEvery(byName.result.records, (s) => s.merchantName === '太原安心家政');
  });

  it('deletes drafts, but refuses agreements someone signed (2004) and unknown ids (2002)', async () => {
    expect(await admin.del(`${P}/delByIds/${id}`)).toMatchObject({ code: 2004 });
    expect(await t.db.selectFrom('agreement').select('id').where('id', '=', id).executeTakeFirst()).toBeTruthy();
    const draft = await admin.post<{ id: number }>(`${P}/add`, {
      type: 'other',
      title: '草稿',
      content: '<p>草稿</p>',
    });
    expect(await admin.del(`${P}/delByIds/${draft.result.id},999999`)).toMatchObject({ code: 2002 });
    expect(await admin.del(`${P}/delByIds/${draft.result.id}`)).toMatchObject({ code: 200 });
    expect(
      await t.db.selectFrom('agreement').select('id').where('id', '=', draft.result.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await admin.post(`${P}/fabu`, { id: draft.result.id })).toMatchObject({ code: 2002 });
  });

  it('refuses to publish an empty agreement', async () => {
    const empty = await admin.post<{ id: number }>(`${P}/add`, {
      type: 'other',
      title: '空协议',
      content: '<p><br></p>',
    });
    expect(await admin.post(`${P}/fabu`, { id: empty.result.id })).toMatchObject({
      code: 2004,
      message: '协议内容为空，不能发布',
    });
  });
});
