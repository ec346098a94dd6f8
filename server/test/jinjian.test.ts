import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { type JinjianState, type JinjianSubmitResult, jinjianGerenBody, jinjianQiyeBody } from '@jz/contracts/jinjian';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withIdCheck, withLuhn, withUsccCheck } from '../src/modules/merchant/jinjian/checksum-fixtures.ts';
import { loadHuifuEnv } from '../src/modules/merchant/jinjian/jinjian.config.ts';
import {
  canonicalJson,
  HUIFU_PATHS,
  HuifuProvider,
  signData,
  verifyData,
} from '../src/modules/merchant/jinjian/provider/huifu.ts';
import { providerFor, setProviderFor } from '../src/modules/merchant/jinjian/provider/index.ts';
import { SandboxProvider } from '../src/modules/merchant/jinjian/provider/sandbox.ts';
import { ProviderError } from '../src/modules/merchant/jinjian/provider/types.ts';
import { type Api, api, buildTestApp, demoUsers, expectEvery, PHONES, type TestApp, waitFor } from './helpers/index.ts';
import { openCardNo, openDetail } from './helpers/secrets.ts';

const G = 'app/jiazheng/pay/huifu/jinjianGeren';
const Q = 'app/jiazheng/pay/huifu/jinjianQiye';
const S = 'app/jiazheng/pay/huifu/jinjianQuery';

/** The finance module (another engineer's) takes the approved card; without it the card stays unbound. */
const financePresent = existsSync(
  path.resolve(import.meta.dirname, '../src/modules/merchant/finance/bank-card.service.ts'),
);

const ID = withIdCheck('14080219900101123');
const LEGAL_ID = withIdCheck('14080219750505321');
const CARD = withLuhn('622202050100987654');
const CORP_ACCOUNT = '0506004109300123456';
const USCC = withUsccCheck('91140802MA0H8B2C7');

const geren = (o: Record<string, string> = {}) => ({
  name: '李四',
  certType: '00',
  idCardNo: ID,
  certValidityType: '0',
  certBeginDate: '2018-05-01',
  certEndDate: '2038-05-01',
  mobile: '13912345678',
  idCardFrontUrl: '/uploads/jinjian/a.png',
  idCardBackUrl: '/uploads/jinjian/b.png',
  bankName: '中国工商银行',
  branchCode: '102181000175',
  cardNo: CARD,
  holderName: '李四',
  cardMobile: '13912345678',
  ...o,
});

const qiye = (o: Record<string, string> = {}) => ({
  companyName: '运城洁家家政服务有限公司',
  licenseCode: USCC,
  licenseValidityType: '1',
  licenseBeginDate: '2020-08-08',
  licenseUrl: '/uploads/jinjian/license.png',
  provinceCode: '140000',
  cityCode: '140800',
  districtCode: '140802',
  address: '盐湖区河东东街 88 号',
  legalName: '王洁',
  legalIdCardNo: LEGAL_ID,
  legalValidityType: '0',
  legalBeginDate: '2016-03-12',
  legalEndDate: '2036-03-12',
  contactName: '王洁',
  contactMobile: '13800000001',
  bankName: '中国建设银行',
  branchCode: '105181000019',
  cardNo: CORP_ACCOUNT,
  holderName: '运城洁家家政服务有限公司',
  ...o,
});

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let subA: Api;
let merchantA: number;
let merchantB: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA, ownerB, subA } = await demoUsers(t, 'ownerA', 'ownerB', 'subA'));
  const m = async (phone: string) =>
    (await t.db.selectFrom('user').select('merchantId').where('phone', '=', phone).executeTakeFirstOrThrow())
      .merchantId!;
  merchantA = await m(PHONES.ownerA);
  merchantB = await m(PHONES.ownerB);
});
afterAll(() => t?.close());
beforeEach(() => setProviderFor(t.app, new SandboxProvider(60)));

const rowsOf = (merchantId: number) =>
  t.db.selectFrom('jinjianApplication').selectAll().where('merchantId', '=', merchantId).orderBy('id').execute();
/** The sandbox decides when queried long enough after submission: move the submission back in time. */
const backdate = (id: number) =>
  t.db
    .updateTable('jinjianApplication')
    .set({ submittedAt: new Date(Date.now() - 3600_000).toISOString() })
    .where('id', '=', id)
    .execute();
const lastOplogId = async () =>
  (await t.db.selectFrom('oplog').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;
/** The merchant's cards bound from onboarding with this file's numbers (stored sealed: opened here). */
const boundCards = async (merchantId: number) =>
  financePresent
    ? (
        await t.db
          .selectFrom('bankCard')
          .selectAll()
          .where('merchantId', '=', merchantId)
          .where('source', '=', 'jinjian')
          .execute()
      )
        .map((c) => ({ ...c, cardNo: openCardNo(c.cardNo) }))
        .filter((c) => [CARD, CORP_ACCOUNT].includes(c.cardNo))
    : [];

describe('access', () => {
  it('refuses anonymous callers (401) and a sub-account without the permission (301)', async () => {
    const anon = api(t.app);
    expect((await anon.get(S)).code).toBe(401);
    expect((await anon.post(Q, qiye())).code).toBe(401);
    const before = (await rowsOf(merchantA)).length;
    expect((await subA.get(S)).code).toBe(301);
    expect((await subA.post(G, geren())).code).toBe(301);
    expect((await subA.post(Q, qiye())).code).toBe(301);
    expect((await rowsOf(merchantA)).length).toBe(before);
  });

  it("answers each merchant its own application only (A's onboarded company never reaches B)", async () => {
    const b = await ownerB.get<JinjianState>(S);
    expect(b.code).toBe(200);
    expect(b.result.status).toBe(30);
    expect(b.result.application?.rejectReason).toBeTruthy();
    expect(b.result.canSubmit).toBe(true);
    expect(b.result.withdrawHint).toMatch(/驳回/);
    expect(b.raw).not.toContain('运城洁家家政服务有限公司');
    const a = await ownerA.get<JinjianState>(S);
    expect(a.result.status).toBe(20);
    expect(a.result.application?.subjectName).toBe('运城洁家家政服务有限公司');
    expect(a.result.withdrawHint).toBeNull();
    expect(a.result.canSubmit).toBe(false);
    // the demo's approved settlement account is A's bound card (one card, one binding record)
    expect(a.result.application?.cardBound).toBe(financePresent);
  });
});

describe('validation (2001 naming the field in its Chinese label, nothing stored)', () => {
  const cases: [string, string, Record<string, string>, RegExp][] = [
    ['geren', 'ID checksum', { idCardNo: `${ID.slice(0, 17)}${ID[17] === '0' ? '1' : '0'}` }, /身份证号.*校验/],
    ['geren', 'ID length', { idCardNo: '14080219900101' }, /身份证号须为 18 位/],
    [
      'geren',
      'card Luhn',
      { cardNo: `${CARD.slice(0, -1)}${(Number(CARD.slice(-1)) + 1) % 10}` },
      /结算银行卡号校验不通过/,
    ],
    ['geren', 'expired ID', { certBeginDate: '2000-01-01', certEndDate: '2010-01-01' }, /^身份证已过期/],
    [
      'geren',
      'end before begin',
      { certBeginDate: '2018-05-01', certEndDate: '2017-05-01' },
      /^身份证有效期结束日期须晚于开始日期/,
    ],
    ['geren', 'missing end date of a fixed term', { certEndDate: '' }, /^身份证有效期结束日期未填写/],
    [
      'geren',
      'begin in the future',
      { certBeginDate: '2999-01-01', certValidityType: '1' },
      /^身份证有效期开始日期晚于今天/,
    ],
    ['geren', 'mobile', { mobile: '12345' }, /^手机号须为正确的 11 位手机号/],
    ['geren', 'card mobile', { cardMobile: '2391234567' }, /^银行预留手机号须为/],
    ['geren', 'branch code format', { branchCode: '1021810001' }, /联行号须为 12 位数字/],
    ['geren', 'unknown branch code', { branchCode: '999999999999' }, /^联行号 999999999999 不存在/],
    [
      'qiye',
      'USCC checksum',
      { licenseCode: `${USCC.slice(0, 17)}${USCC[17] === '1' ? '2' : '1'}` },
      /统一社会信用代码校验不通过/,
    ],
    ['qiye', 'USCC length', { licenseCode: '91140802MA0H8B2' }, /统一社会信用代码须为 18 位/],
    ['qiye', 'legal ID', { legalIdCardNo: '140802197505053210' }, /法人身份证号/],
    [
      'qiye',
      'licence expired',
      { licenseValidityType: '0', licenseBeginDate: '2001-01-01', licenseEndDate: '2011-01-01' },
      /^营业执照已过期/,
    ],
    ['qiye', 'region mismatch', { cityCode: '110100' }, /^注册地址的省、市、区县不匹配/],
    ['qiye', 'corporate account digits', { cardNo: '12ab' }, /对公账号须为 6-32 位数字/],
    ['qiye', 'missing licence image', { licenseUrl: '' }, /营业执照照片/],
  ];
  it.each(cases)('%s: %s', async (kind, _name, override, message) => {
    const before = (await rowsOf(merchantB)).length;
    const res = kind === 'geren' ? await ownerB.post(G, geren(override)) : await ownerB.post(Q, qiye(override));
    expect(res.code, res.message).toBe(2001);
    expect(res.message).toMatch(message);
    expect((await rowsOf(merchantB)).length).toBe(before);
  });
});

describe('onboarding with the sandbox', () => {
  it('rejects the test name 测试驳回 with a reason after the delay; then a new application is allowed', async () => {
    const sub = await ownerB.post<JinjianSubmitResult>(G, geren({ name: '测试驳回', holderName: '测试驳回' }));
    expect(sub.code, sub.message).toBe(200);
    expect(sub.result.status).toBe(10);
    expect(sub.result.applyNo).toMatch(/^JJ\d{20}$/);

    const early = await ownerB.get<JinjianState>(S);
    expect(early.result.status).toBe(10);
    expect(early.result.canSubmit).toBe(false);
    expect(early.result.withdrawHint).toMatch(/审核中/);
    // one active application: a second one is refused while the first is pending
    expect((await ownerB.post(Q, qiye())).code).toBe(2004);

    await backdate(sub.result.id);
    const decided = await ownerB.get<JinjianState>(S);
    expect(decided.result.status).toBe(30);
    expect(decided.result.application?.rejectReason).toMatch(/测试驳回/);
    expect(decided.result.canSubmit).toBe(true);
    expect(await boundCards(merchantB)).toHaveLength(0);
  });

  it('logs the submission with ID and card numbers redacted; answers never carry them whole', async () => {
    const from = await lastOplogId();
    const sub = await ownerB.post<JinjianSubmitResult>(Q, qiye());
    expect(sub.code, sub.message).toBe(200);
    const row = await waitFor(() =>
      t.db
        .selectFrom('oplog')
        .selectAll()
        .where('id', '>', from)
        .where('url', '=', `/tmpl/api/${Q}`)
        .executeTakeFirst(),
    );
    expect(row.title).toBe('用户进件');
    const params = JSON.parse(row.params!);
    expect(params.legalIdCardNo).toBe('******');
    expect(params.cardNo).toBe('******');
    expect(params.licenseCode).toBe('******');
    expect(row.params).not.toContain(LEGAL_ID);
    expect(row.params).not.toContain(CORP_ACCOUNT);
    expect(params.companyName).toBe('运城洁家家政服务有限公司');

    const state = await ownerB.get<JinjianState>(S);
    for (const secret of [LEGAL_ID, CORP_ACCOUNT, '13800000001']) expect(state.raw).not.toContain(secret);
    expect(state.result.application).toMatchObject({
      kind: 2,
      status: 10,
      idCardNo: `${LEGAL_ID.slice(0, 4)}**********${LEGAL_ID.slice(-4)}`,
      mobile: '138****0001',
      settlement: { cardNo: `0506 **** **** ${CORP_ACCOUNT.slice(-4)}`, branchCode: '105181000019', cardType: 2 },
    });
    // stored whole for the provider, sealed
    const stored = (await rowsOf(merchantB)).at(-1)!;
    expect(stored.detail).not.toContain(LEGAL_ID);
    expect(JSON.parse(openDetail(stored.detail)).body.legalIdCardNo).toBe(LEGAL_ID);
  });

  it('approves after the delay and binds the settlement card once, even with concurrent queries', async () => {
    const pending = (await rowsOf(merchantB)).at(-1)!;
    expect(pending.status).toBe(10);
    await backdate(pending.id);
    const answers = await Promise.all([
      ownerB.get<JinjianState>(S),
      ownerB.get<JinjianState>(S),
      ownerB.get<JinjianState>(S),
    ]);
    for (const a of answers) expect(a.code).toBe(200);
    const state = await ownerB.get<JinjianState>(S);
    expect(state.result.status).toBe(20);
    expect(state.result.application?.approvedAt).toBeTruthy();
    expect(state.result.application?.providerMerchantNo).toMatch(/^6666\d{12}$/);
    expect(state.result.withdrawHint).toBeNull();
    expect(state.result.application?.cardBound).toBe(financePresent);
    const cards = await boundCards(merchantB);
    if (financePresent) {
      expect(cards).toHaveLength(1);
      expect(cards[0]).toMatchObject({
        branchCode: '105181000019',
        cardType: 2,
        holderName: '运城洁家家政服务有限公司',
      });
      const records = await t.db
        .selectFrom('bankCardBinding')
        .selectAll()
        .where('bankCardId', '=', cards[0].id)
        .execute();
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ action: 1, source: 'jinjian', cardType: 2 });
      expect(records[0].cardNoMasked).not.toContain(CORP_ACCOUNT);
    }
    // onboarded: no second application
    const again = await ownerB.post(G, geren());
    expect(again.code).toBe(2004);
    expect(again.message).toMatch(/已开通/);
  });

  it('lets exactly one of two concurrent submissions through', async () => {
    // merchant A is onboarded now: make its application rejected again to reopen submissions
    await t.db
      .updateTable('jinjianApplication')
      .set({ status: 30, rejectReason: 'test' })
      .where('merchantId', '=', merchantB)
      .where('status', '=', 20)
      .execute();
    const before = (await rowsOf(merchantB)).length;
    const [x, y] = await Promise.all([ownerB.post(G, geren()), ownerB.post(Q, qiye())]);
    expect([x.code, y.code].sort()).toEqual([200, 2004]);
    const rows = await rowsOf(merchantB);
    expect(rows.length).toBe(before + 1);
    expect(rows.filter((r) => r.status === 10)).toHaveLength(1);
  });

  it('withdraws the application when the provider cannot take it (2004, nothing left pending)', async () => {
    await t.db
      .updateTable('jinjianApplication')
      .set({ status: 30, rejectReason: 'test' })
      .where('merchantId', '=', merchantB)
      .where('status', '=', 10)
      .execute();
    const before = (await rowsOf(merchantB)).length;
    setProviderFor(t.app, {
      name: 'huifu',
      submit: async () => {
        throw new ProviderError('汇付接口无法连接：ECONNREFUSED');
      },
      query: async () => ({ state: 'pending' }),
    });
    const res = await ownerB.post(G, geren());
    expect(res.code).toBe(2004);
    expect(res.message).toMatch(/暂时无法受理/);
    expect((await rowsOf(merchantB)).length).toBe(before);
  });

  it('answers 未进件 for a merchant with no application', async () => {
    await t.db.deleteFrom('jinjianApplication').where('merchantId', '=', merchantA).execute();
    const b = await ownerA.get<JinjianState>(S);
    expect(b.result).toEqual({
      status: 0,
      application: null,
      canSubmit: true,
      withdrawHint: expect.stringMatching(/尚未完成支付进件/),
    });
  });
});

describe('personal onboarding', () => {
  it('approves a personal application and binds the card as 对私 with its mobile', async () => {
    await t.db.deleteFrom('jinjianApplication').where('merchantId', '=', merchantA).execute();
    const sub = await ownerA.post<JinjianSubmitResult>(G, geren({ holderName: '' }));
    expect(sub.code).toBe(2001); // the holder is required
    const ok = await ownerA.post<JinjianSubmitResult>(G, geren());
    expect(ok.code, ok.message).toBe(200);
    await backdate(ok.result.id);
    const state = await ownerA.get<JinjianState>(S);
    expect(state.result.status).toBe(20);
    expect(state.result.application).toMatchObject({
      kind: 1,
      subjectName: '李四',
      idCardNo: `${ID.slice(0, 4)}**********${ID.slice(-4)}`,
      mobile: '139****5678',
      settlement: { cardType: 1, cardMobile: '139****5678', branchCode: '102181000175', bankName: '中国工商银行' },
    });
    expect(state.raw).not.toContain(ID);
    expect(state.raw).not.toContain(CARD);
    if (financePresent) {
      const cards = await boundCards(merchantA);
      expect(cards).toHaveLength(1);
      expect(cards[0]).toMatchObject({ cardType: 1, cardNo: CARD, mobile: '13912345678', holderName: '李四' });
    }
  });
});

describe('Huifu adapter against a local fake (RSA-SHA256 both ways)', () => {
  const pem = (k: KeyObject, type: 'pkcs8' | 'spki') => k.export({ type, format: 'pem' }) as string;
  const merchantKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const huifuKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const strangerKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let fake: FastifyInstance;
  let base: string;
  const seen: {
    path: string;
    body: { sys_id: string; product_id: string; data: Record<string, unknown>; sign: string };
    signatureOk: boolean;
  }[] = [];
  let auditState = 'A';
  let answerKey = huifuKeys.privateKey;

  beforeAll(async () => {
    fake = Fastify();
    const reply = (data: Record<string, unknown>) => ({ data, sign: signData(data, answerKey) });
    fake.post('/v2/*', async (req) => {
      const body = req.body as (typeof seen)[number]['body'];
      const signatureOk = verifyData(body.data, body.sign, merchantKeys.publicKey);
      seen.push({ path: req.url, body, signatureOk });
      if (!signatureOk) return reply({ resp_code: '90000000', resp_desc: '验签失败' });
      if (req.url === HUIFU_PATHS.indv || req.url === HUIFU_PATHS.ent)
        return reply({
          resp_code: '00000000',
          resp_desc: '成功',
          huifu_id: '6666000100000001',
          req_seq_id: body.data.req_seq_id,
        });
      if (req.url === HUIFU_PATHS.busiOpen)
        return reply({ resp_code: '00000100', resp_desc: '受理成功', huifu_id: body.data.huifu_id });
      if (req.url === HUIFU_PATHS.query)
        return reply({
          resp_code: '00000000',
          huifu_id: body.data.huifu_id,
          audit_state: auditState,
          audit_desc: auditState === 'N' ? '营业执照模糊' : '',
        });
      return reply({ resp_code: '10000000', resp_desc: '未知接口' });
    });
    base = await fake.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => fake?.close());
  beforeEach(() => {
    seen.length = 0;
    auditState = 'A';
    answerKey = huifuKeys.privateKey;
  });

  const adapter = (privateKey = merchantKeys.privateKey) =>
    new HuifuProvider({
      apiBase: base,
      sysId: '6666000108854952',
      productId: 'YYZY',
      privateKey: pem(privateKey, 'pkcs8'),
      // the bare base64 DER form Huifu's console shows is accepted too
      huifuPublicKey: (huifuKeys.publicKey.export({ type: 'spki', format: 'der' }) as Buffer).toString('base64'),
      timeoutMs: 5000,
    });

  it('signs canonical JSON (keys sorted at every level)', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[{"y":2,"z":1}]},"b":1}',
    );
  });

  it('submits an enterprise: basic data then business opening, each request signed and each answer verified', async () => {
    const branch = {
      code: '105181000019',
      bankName: '中国建设银行',
      branchName: '中国建设银行股份有限公司运城分行营业部',
      province: '山西省',
      city: '运城市',
    };
    const body = jinjianQiyeBody.parse(qiye());
    const answer = await adapter().submit({ kind: 2, applyNo: 'JJ20261122000000000001', merchantId: 1, body, branch });
    expect(answer).toEqual({ state: 'pending', providerMerchantNo: '6666000100000001' });
    expect(seen.map((s) => s.path)).toEqual([HUIFU_PATHS.ent, HUIFU_PATHS.busiOpen]);
    for (const s of seen) {
      expect(s.signatureOk).toBe(true);
      expect(s.body).toMatchObject({ sys_id: '6666000108854952', product_id: 'YYZY' });
      expect(s.body.data.req_date).toMatch(/^\d{8}$/);
    }
    expect(seen[0].body.data).toMatchObject({
      reg_name: '运城洁家家政服务有限公司',
      license_code: USCC,
      legal_cert_no: LEGAL_ID,
      license_validity_type: '1',
      legal_cert_end_date: '20360312',
    });
    const card = JSON.parse(String(seen[1].body.data.card_info));
    expect(card).toMatchObject({
      card_type: '0',
      card_no: CORP_ACCOUNT,
      branch_code: '105181000019',
      card_name: '运城洁家家政服务有限公司',
    });
    expect(seen[1].body.data.huifu_id).toBe('6666000100000001');
  });

  it('maps the audit state of the status query: Y approved, N rejected with the reason, else pending', async () => {
    const submission = {
      kind: 1 as const,
      applyNo: 'JJ1',
      merchantId: 1,
      body: jinjianGerenBody.parse(geren()),
      branch: { code: '102181000175', bankName: '中国工商银行', branchName: 'x', province: '山西省', city: '运城市' },
    };
    const q = { submission, providerMerchantNo: '6666000100000001', submittedAt: new Date().toISOString() };
    expect((await adapter().query(q)).state).toBe('pending');
    auditState = 'Y';
    expect(await adapter().query(q)).toEqual({ state: 'approved', providerMerchantNo: '6666000100000001' });
    auditState = 'N';
    expect(await adapter().query(q)).toMatchObject({ state: 'rejected', reason: '营业执照模糊' });
    expectEvery(seen, (s) => s.path === HUIFU_PATHS.query && s.signatureOk);
  });

  it('refuses an answer whose signature does not verify, and reports a request Huifu could not verify', async () => {
    answerKey = strangerKeys.privateKey;
    const body = jinjianGerenBody.parse(geren());
    const s = {
      kind: 1 as const,
      applyNo: 'JJ2',
      merchantId: 1,
      body,
      branch: { code: '102181000175', bankName: '中国工商银行', branchName: 'x', province: '山西省', city: '运城市' },
    };
    await expect(adapter().submit(s)).rejects.toThrow(/验签失败/);
    answerKey = huifuKeys.privateKey;
    await expect(adapter(strangerKeys.privateKey).submit(s)).rejects.toThrow(ProviderError);
    expect(seen.at(-1)?.signatureOk).toBe(false);
  });

  it('runs the whole onboarding through the API when configured (HUIFU_MODE=live)', async () => {
    const env = {
      HUIFU_MODE: 'live',
      HUIFU_API_BASE: base,
      HUIFU_SYS_ID: '6666000108854952',
      HUIFU_PRODUCT_ID: 'YYZY',
      HUIFU_PRIVATE_KEY: pem(merchantKeys.privateKey, 'pkcs8'),
      HUIFU_PUBLIC_KEY: pem(huifuKeys.publicKey, 'spki'),
    };
    expect(() => loadHuifuEnv({ HUIFU_MODE: 'live' })).toThrow(/HUIFU_PRIVATE_KEY/);
    expect(providerFor({ db: {} }, {}).name).toBe('sandbox');
    const live = providerFor({ db: {} }, env);
    expect(live).toBeInstanceOf(HuifuProvider);
    setProviderFor(t.app, live);

    await t.db.deleteFrom('jinjianApplication').where('merchantId', '=', merchantB).execute();
    const sub = await ownerB.post<JinjianSubmitResult>(
      Q,
      qiye({
        companyName: '太原安心家政服务有限公司',
        holderName: '太原安心家政服务有限公司',
        provinceCode: '140000',
        cityCode: '140100',
        districtCode: '140105',
      }),
    );
    expect(sub.code, sub.message).toBe(200);
    expect(sub.result.status).toBe(10);
    expect((await ownerB.get<JinjianState>(S)).result.status).toBe(10);
    auditState = 'Y';
    const done = await ownerB.get<JinjianState>(S);
    expect(done.result.status).toBe(20);
    expect(done.result.application).toMatchObject({ provider: 'huifu', providerMerchantNo: '6666000100000001' });
    expectEvery(seen, (s) => s.signatureOk);
    expect(seen.map((s) => s.path)).toEqual([
      HUIFU_PATHS.ent,
      HUIFU_PATHS.busiOpen,
      HUIFU_PATHS.query,
      HUIFU_PATHS.query,
    ]);
  });
});
