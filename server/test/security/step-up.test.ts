/**
 * Step-up for money (docs/security.md): any user whose role held
 * 绑定银行卡 could bind a card in any holder's name (a personal card for a company merchant was accepted at once) and
 * withdraw to it; neither binding nor withdrawing asked for a code or matched a name.
 *
 * Now: binding a card, confirming one and withdrawing need a fresh SMS code sent to the merchant OWNER's phone,
 * whoever asks (single use, bound to the action, the card and the amount, 5 minutes, throttled like sign-in); a card's
 * holder must be the onboarded (用户进件) subject; a card a sub-account bound receives no withdrawal for 24 hours
 * unless the owner confirms it; the owner is told of every card change.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, buildTestApp, demoUsers, PHONES, sessionFor, type TestApp } from '../helpers/index.ts';
import { bindWithCode, PAYEE_A, stepUpCode, withdrawWithCode } from '../helpers/step-up.ts';

const C = 'app/jiazheng/caiwu';
const BIND = `${C}/bangka/add`;
const ADD = `${C}/tixian/add`;
const CARDS = `${C}/bangka/findAllByList`;

let t: TestApp;
let ownerA: Api;
let ownerB: Api;
let mA: number;
let mB: number;
let ownerIdA: number;
let cardA: number;
/** A sub-account of A whose role holds the finance pages and buttons (绑定银行卡 and 申请提现 among them). */
let finance: { id: number; phone: string; api: Api };

/** A card of A in the company's name (对公); `n` varies the number. */
const companyCard = (n: number) => ({
  bankName: '中国银行',
  branchName: '中国银行运城分行营业部',
  branchCode: '104181000019',
  cardNo: `62166100000${String(n).padStart(5, '0')}`,
  holderName: PAYEE_A.company,
  cardType: 2,
});

const cardsOf = async (merchantId: number) =>
  t.db.selectFrom('bankCard').select(['id', 'holderName', 'status']).where('merchantId', '=', merchantId).execute();
const messagesOf = (userId: number) =>
  t.db.selectFrom('message').selectAll().where('userId', '=', userId).orderBy('id', 'desc').execute();
const userId = async (phone: string) =>
  (await t.db.selectFrom('user').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await buildTestApp({ env: { SMS_RATE_LIMIT: 'off' } });
  ({ ownerA, ownerB } = await demoUsers(t, 'ownerA', 'ownerB'));
  const m = async (phone: string) =>
    (await t.db.selectFrom('user').select('merchantId').where('phone', '=', phone).executeTakeFirstOrThrow())
      .merchantId as number;
  mA = await m(PHONES.ownerA);
  mB = await m(PHONES.ownerB);
  ownerIdA = await userId(PHONES.ownerA);
  cardA = (await ownerA.get(CARDS)).result[0].id;

  // The finance sub-account, written as the owner's 子账号 page would leave it: a merchant role with the finance menus.
  const now = new Date().toISOString();
  const role = await t.db
    .insertInto('role')
    .values({
      name: '财务',
      code: 'finance_test',
      merchantId: mA,
      scope: 'merchant',
      remark: null,
      status: 0,
      sort: 9,
      builtIn: 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const menus = await t.db
    .selectFrom('menu')
    .select(['id', 'perms', 'seedKey'])
    .where('scope', '=', 'merchant')
    .execute();
  const grant = menus.filter((x) => (x.seedKey ?? '').startsWith('merchant.finance'));
  expect(grant.some((x) => x.perms === 'merchant:finance:bind')).toBe(true);
  await t.db
    .insertInto('roleMenu')
    .values(grant.map((x) => ({ roleId: role.id, menuId: x.id })))
    .execute();
  const phone = '13900006001';
  const sub = await t.db
    .insertInto('user')
    .values({
      userType: 'merchant',
      merchantId: mA,
      isOwner: 0,
      loginName: phone,
      nickName: '财务小刘',
      phone,
      status: 0,
      currentShopId: null,
      // Every shop (全部店铺): withdrawals and cards are the merchant account's, refused to a shop-limited account.
      allShops: 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('userRole').values({ userId: sub.id, roleId: role.id }).execute();
  finance = { id: sub.id, phone, api: api(t.app, await sessionFor(t.app, phone)) };
  expect((await finance.api.get(`${C}/findZonglan`)).code).toBe(200);

  // A signs the current must-sign agreements (withdrawals need them; another version may have been published).
  for (const a of (await ownerA.get<{ id: number }[]>('app/jiazheng/xieyi/findDaiqianList')).result)
    expect((await ownerA.post('app/jiazheng/xieyi/qianshu', { id: a.id, signerName: '王洁' })).code).toBe(200);
});
afterAll(() => t?.close());

describe('the finding, reproduced', () => {
  it('a finance sub-account binds a personal card 王洁 for the company merchant with no code: refused, nothing bound', async () => {
    const before = await cardsOf(mA);
    const r = await finance.api.post(BIND, {
      bankName: '中国农业银行',
      branchName: '中国农业银行运城分行',
      branchCode: '103181000011',
      cardNo: '6228480018001112223',
      holderName: PAYEE_A.legalRep,
      cardType: 1,
    });
    expect(r).toMatchObject({ code: 2001, message: '请输入短信验证码', result: null });
    expect(await cardsOf(mA)).toEqual(before);
  });

  it('a card in any other name is refused even with the owner’s code flow, naming what is expected', async () => {
    const before = await cardsOf(mA);
    const sent = t.sms.sent.length;
    const stranger = { ...companyCard(1), holderName: '张三', cardType: 1 };
    const r = await bindWithCode(t, finance.api, stranger);
    expect(r.code).toBe(2004);
    expect(r.message).toContain(`「${PAYEE_A.company}」的对公账户`);
    expect(r.message).toContain(`法定代表人「${PAYEE_A.legalRep}」本人的对私银行卡`);
    // refused before any code was sent, and bangka/add refuses it the same way
    expect(t.sms.sent.length).toBe(sent);
    expect((await finance.api.post(BIND, { ...stranger, smsCode: '123456' })).message).toBe(r.message);
    expect(await cardsOf(mA)).toEqual(before);
  });
});

describe('binding a card needs the owner’s code', () => {
  it('the code goes to the owner’s phone, not to the sub-account’s; with it the card is bound', async () => {
    const got = await stepUpCode(t, finance.api, 'bangka/sendCode', companyCard(2));
    if ('refused' in got) throw new Error(got.refused.message);
    expect(got.phone).toBe(PHONES.ownerA);
    expect(t.sms.sent.some((s) => s.phone === finance.phone)).toBe(false);
    const answer = (await t.db.selectFrom('smsCode').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow()) as {
      phone: string;
      purpose: string;
      codeHash: string;
    };
    // stored as a keyed hash, under a purpose naming the action (never the card number)
    expect(answer.phone).toBe(PHONES.ownerA);
    expect(answer.codeHash).not.toContain(got.code);
    expect(answer.purpose).toMatch(/^pay:bind:\d+:[0-9a-f]{24}$/);
    expect(answer.purpose).not.toContain(companyCard(2).cardNo);
    const r = await finance.api.post(BIND, { ...companyCard(2), smsCode: got.code });
    expect(r.code, r.message).toBe(200);
    expect((await cardsOf(mA)).find((c) => c.id === r.result.id)).toMatchObject({ status: 1 });
  });

  it('the sendCode answer names where the code went (masked)', async () => {
    const r = await finance.api.post(`${C}/bangka/sendCode`, companyCard(3));
    expect(r).toMatchObject({ code: 200, result: { phone: '138****0001' } });
    expect(r.message).toBe('验证码已发送至商户主账号手机 138****0001');
    const info = await finance.api.get(`${C}/bangka/findYanzheng`);
    expect(info.result).toEqual({
      phone: '138****0001',
      isOwner: false,
      holdHours: 24,
      payees: [
        { cardType: 2, holderName: PAYEE_A.company },
        { cardType: 1, holderName: PAYEE_A.legalRep },
      ],
    });
    expect((await ownerA.get(`${C}/tixian/findYanzheng`)).result).toMatchObject({
      phone: '138****0001',
      isOwner: true,
    });
  });

  it('a wrong, expired or reused code is refused; so is a code for another card', async () => {
    const active = async () => (await cardsOf(mA)).filter((c) => c.status === 1).length;
    const before = await active();
    // wrong
    let got = await stepUpCode(t, ownerA, 'bangka/sendCode', companyCard(4));
    if ('refused' in got) throw new Error(got.refused.message);
    const wrong = got.code === '000000' ? '111111' : '000000';
    const w = await ownerA.post(BIND, { ...companyCard(4), smsCode: wrong });
    expect(w.message).toBe('验证码错误或已过期，还可尝试 4 次');
    // for another card: the code of card 4 does not bind card 5 (nor card 4 under another holder or type)
    const other = await ownerA.post(BIND, { ...companyCard(5), smsCode: got.code });
    expect(other.message).toBe('验证码错误或已过期，请重新获取');
    const asLegalRep = await ownerA.post(BIND, {
      ...companyCard(4),
      holderName: PAYEE_A.legalRep,
      cardType: 1,
      smsCode: got.code,
    });
    expect(asLegalRep.message).toBe('验证码错误或已过期，请重新获取');
    // expired (5 minutes)
    await t.db
      .updateTable('smsCode')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('phone', '=', PHONES.ownerA)
      .where('usedAt', 'is', null)
      .execute();
    expect((await ownerA.post(BIND, { ...companyCard(4), smsCode: got.code })).message).toBe(
      '验证码错误或已过期，请重新获取',
    );
    expect(await active()).toBe(before);
    // reused: bound once, unbound, bound again with the same code
    got = await stepUpCode(t, ownerA, 'bangka/sendCode', companyCard(4));
    if ('refused' in got) throw new Error(got.refused.message);
    const ok = await ownerA.post(BIND, { ...companyCard(4), smsCode: got.code });
    expect(ok.code, ok.message).toBe(200);
    expect((await ownerA.post(`${C}/bangka/jiebang`, { id: ok.result.id })).code).toBe(200);
    const again = await ownerA.post(BIND, { ...companyCard(4), smsCode: got.code });
    expect(again.message).toBe('验证码错误或已过期，请重新获取');
    expect(await active()).toBe(before);
  });

  it('five wrong codes kill the code', async () => {
    const got = await stepUpCode(t, ownerA, 'bangka/sendCode', companyCard(6));
    if ('refused' in got) throw new Error(got.refused.message);
    const wrong = got.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await ownerA.post(BIND, { ...companyCard(6), smsCode: wrong });
    const r = await ownerA.post(BIND, { ...companyCard(6), smsCode: got.code });
    expect(r.message).toBe('验证码错误次数过多，请重新获取');
  });

  it('a malformed code is refused by the schema (2001)', async () => {
    for (const smsCode of ['12345', 'abcdef', '1234567']) {
      const r = await ownerA.post(BIND, { ...companyCard(7), smsCode });
      expect(r.code, smsCode).toBe(2001);
    }
  });
});

describe('the holder must be the onboarded subject (用户进件)', () => {
  it('company merchant: its company account, or the legal representative’s own personal card; nothing else', async () => {
    const legal = await bindWithCode(t, ownerA, {
      ...companyCard(8),
      holderName: ` ${PAYEE_A.legalRep} `,
      cardType: 1,
    });
    expect(legal.code, legal.message).toBe(200);
    // the company name with full-width brackets or spaces typed differently is the same name
    const company = await bindWithCode(t, ownerA, { ...companyCard(9), holderName: '运城洁家 家政服务有限公司' });
    expect(company.code, company.message).toBe(200);
    for (const bad of [
      { holderName: PAYEE_A.company, cardType: 1 }, // a personal card in the company's name
      { holderName: PAYEE_A.legalRep, cardType: 2 }, // a company account in the representative's name
      { holderName: '运城洁家家政', cardType: 2 }, // not the registered name
    ]) {
      const r = await bindWithCode(t, ownerA, { ...companyCard(10), ...bad });
      expect(r.code, JSON.stringify(bad)).toBe(2004);
      expect(r.message).toMatch(/^开户名须与进件信息一致/);
    }
  });

  it('where the provider pays only company accounts, the legal representative’s card is refused too', async () => {
    await t.db.updateTable('jinjianApplication').set({ provider: 'other' }).where('merchantId', '=', mA).execute();
    try {
      const r = await bindWithCode(t, ownerA, { ...companyCard(11), holderName: PAYEE_A.legalRep, cardType: 1 });
      expect(r.code).toBe(2004);
      expect(r.message).toBe(`开户名须与进件信息一致：请绑定户名为「${PAYEE_A.company}」的对公账户`);
    } finally {
      await t.db.updateTable('jinjianApplication').set({ provider: 'sandbox' }).where('merchantId', '=', mA).execute();
    }
  });

  it('a merchant without an approved onboarding cannot bind at all: the message points to 用户进件', async () => {
    const before = await cardsOf(mB);
    const sent = t.sms.sent.length;
    const card = { ...companyCard(12), holderName: '赵安', cardType: 1 };
    const r = await bindWithCode(t, ownerB, card);
    expect(r.code).toBe(2004);
    expect(r.message).toMatch(/尚未完成用户进件.*「用户进件」/);
    expect((await ownerB.post(BIND, { ...card, smsCode: '123456' })).message).toBe(r.message);
    expect(t.sms.sent.length).toBe(sent);
    expect(await cardsOf(mB)).toEqual(before);
    expect((await ownerB.get(`${C}/bangka/findYanzheng`)).result).toMatchObject({ payees: null });
  });

  it('personal merchant: only the onboarded person’s own personal card', async () => {
    // B's personal application (赵安) approved, as the provider would
    await t.db
      .updateTable('jinjianApplication')
      .set({ status: 20, approvedAt: new Date().toISOString() })
      .where('merchantId', '=', mB)
      .execute();
    const own = await bindWithCode(t, ownerB, { ...companyCard(13), holderName: '赵安', cardType: 1 });
    expect(own.code, own.message).toBe(200);
    const other = await bindWithCode(t, ownerB, { ...companyCard(14), holderName: '赵小安', cardType: 1 });
    expect(other.message).toBe('开户名须与进件信息一致：个人商户只能绑定进件人「赵安」本人的对私银行卡');
    const corporate = await bindWithCode(t, ownerB, { ...companyCard(15), holderName: '赵安', cardType: 2 });
    expect(corporate.message).toBe(other.message);
  });
});

describe('withdrawing needs the owner’s code for that amount and card', () => {
  it('without a code: refused, nothing moves', async () => {
    const before = await t.db.selectFrom('financeAccount').selectAll().where('merchantId', '=', mA).executeTakeFirst();
    const r = await ownerA.post(ADD, { amount: 1000, bankCardId: cardA });
    expect(r).toMatchObject({ code: 2001, message: '请输入短信验证码' });
    expect(await t.db.selectFrom('financeAccount').selectAll().where('merchantId', '=', mA).executeTakeFirst()).toEqual(
      before,
    );
  });

  it('a code for one amount does not authorise another amount or another card; it works once for its own', async () => {
    const got = await stepUpCode(t, ownerA, 'tixian/sendCode', { amount: 1000, bankCardId: cardA });
    if ('refused' in got) throw new Error(got.refused.message);
    expect(got.phone).toBe(PHONES.ownerA);
    const more = await ownerA.post(ADD, { amount: 100000, bankCardId: cardA, smsCode: got.code });
    expect(more.message).toBe('验证码错误或已过期，请重新获取');
    const legalCard = (await ownerA.get<{ id: number; holderName: string }[]>(CARDS)).result.find(
      (c) => c.holderName === PAYEE_A.legalRep,
    );
    expect(legalCard).toBeDefined();
    const elsewhere = await ownerA.post(ADD, { amount: 1000, bankCardId: legalCard!.id, smsCode: got.code });
    expect(elsewhere.message).toBe('验证码错误或已过期，请重新获取');
    const ok = await ownerA.post(ADD, { amount: 1000, bankCardId: cardA, smsCode: got.code });
    expect(ok.code, ok.message).toBe(200);
    expect(ok.result).toMatchObject({ amount: 1000, bankCardId: cardA, status: 10 });
    // used up: the same request again (no Idempotency-Key) is refused, and moves nothing
    const n = await t.db
      .selectFrom('financeWithdrawal')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const again = await ownerA.post(ADD, { amount: 1000, bankCardId: cardA, smsCode: got.code });
    expect(again.message).toBe('验证码错误或已过期，请重新获取');
    expect(
      (await t.db.selectFrom('financeWithdrawal').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
    ).toBe(n.n);
  });

  it('an expired code is refused', async () => {
    const got = await stepUpCode(t, ownerA, 'tixian/sendCode', { amount: 1001, bankCardId: cardA });
    if ('refused' in got) throw new Error(got.refused.message);
    await t.db
      .updateTable('smsCode')
      .set({ expiresAt: new Date(Date.now() - 1).toISOString() })
      .where('purpose', 'like', 'pay:withdraw:%')
      .where('usedAt', 'is', null)
      .execute();
    const r = await ownerA.post(ADD, { amount: 1001, bankCardId: cardA, smsCode: got.code });
    expect(r.message).toBe('验证码错误或已过期，请重新获取');
  });

  it('a sub-account’s withdrawal: the code goes to the owner’s phone', async () => {
    const before = t.sms.sent.length;
    const r = await withdrawWithCode(t, finance.api, { amount: 1002, bankCardId: cardA });
    expect(r.code, r.message).toBe(200);
    expect(t.sms.sent.slice(before).map((s) => s.phone)).toEqual([PHONES.ownerA]);
  });

  it('another merchant’s card answers 2002 before anything is sent', async () => {
    for (const a of (await ownerB.get<{ id: number }[]>('app/jiazheng/xieyi/findDaiqianList')).result)
      expect((await ownerB.post('app/jiazheng/xieyi/qianshu', { id: a.id, signerName: '赵安' })).code).toBe(200);
    const sent = t.sms.sent.length;
    expect((await ownerB.post(`${C}/tixian/sendCode`, { amount: 1000, bankCardId: cardA })).code).toBe(2002);
    expect((await ownerB.post(`${C}/bangka/queren/sendCode`, { id: cardA })).code).toBe(2002);
    expect((await ownerB.post(`${C}/bangka/queren`, { id: cardA, smsCode: '123456' })).code).toBe(2002);
    expect(t.sms.sent.length).toBe(sent);
  });
});

describe('a card a sub-account binds waits 24 hours unless the owner confirms it', () => {
  let held: number;

  it('bound by the sub-account: shown held, withdrawals refused with the reason; the owner is told', async () => {
    const ownerMsgs = (await messagesOf(ownerIdA)).length;
    const subMsgs = (await messagesOf(finance.id)).length;
    const r = await bindWithCode(t, finance.api, companyCard(20));
    expect(r.code, r.message).toBe(200);
    expect(r.message).toBe('绑定成功：该卡需商户主账号确认，或绑定 24 小时后才能提现');
    held = r.result.id;
    const card = (await ownerA.get<{ id: number; confirmed: boolean; holdUntil: string | null }[]>(CARDS)).result.find(
      (c) => c.id === held,
    );
    expect(card?.confirmed).toBe(false);
    const until = Date.parse(card?.holdUntil ?? '');
    expect(until - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(until - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    // refused before a code is spent, and by tixian/add itself
    const sent = t.sms.sent.length;
    const refused = await withdrawWithCode(t, finance.api, { amount: 1000, bankCardId: held });
    expect(refused.code).toBe(2004);
    expect(refused.message).toMatch(
      /^该银行卡由子账号新绑定，\d+月\d+日 \d{2}:\d{2} 前不能提现；商户主账号在「绑定记录」确认该卡后可立即提现$/,
    );
    expect(t.sms.sent.length).toBe(sent);
    expect((await ownerA.post(ADD, { amount: 1000, bankCardId: held, smsCode: '123456' })).message).toBe(
      refused.message,
    );
    // the owner's finance message names the card and the hold; the sub-account is not the one told
    const msgs = await messagesOf(ownerIdA);
    expect(msgs.length).toBe(ownerMsgs + 1);
    expect(msgs[0]).toMatchObject({ type: 'finance', title: '收款银行卡已绑定', readAt: null });
    expect(msgs[0].content).toContain('子账号 财务小刘');
    expect(msgs[0].content).toMatch(/\*{4} \d{4}（户名 运城洁家家政服务有限公司）/);
    expect(msgs[0].content).toContain('24 小时内不能收款');
    expect((await messagesOf(finance.id)).length).toBe(subMsgs);
  });

  it('after 24 hours the card receives withdrawals', async () => {
    const past = new Date(Date.now() - 24 * 3600_000 - 60_000).toISOString();
    await t.db.updateTable('bankCard').set({ boundAt: past }).where('id', '=', held).execute();
    const r = await withdrawWithCode(t, ownerA, { amount: 1000, bankCardId: held });
    expect(r.code, r.message).toBe(200);
    await t.db.updateTable('bankCard').set({ boundAt: new Date().toISOString() }).where('id', '=', held).execute();
  });

  it('only the owner confirms, with the owner’s own code; then withdrawals go through at once', async () => {
    // the sub-account cannot confirm what it bound
    expect((await finance.api.post(`${C}/bangka/queren/sendCode`, { id: held })).message).toBe(
      '只有商户主账号可以确认银行卡',
    );
    expect((await finance.api.post(`${C}/bangka/queren`, { id: held, smsCode: '123456' })).code).toBe(301);
    expect((await ownerA.post(`${C}/bangka/queren`, { id: held })).message).toBe('请输入短信验证码');
    const got = await stepUpCode(t, ownerA, 'bangka/queren/sendCode', { id: held });
    if ('refused' in got) throw new Error(got.refused.message);
    expect(got.phone).toBe(PHONES.ownerA);
    const ok = await ownerA.post(`${C}/bangka/queren`, { id: held, smsCode: got.code });
    expect(ok).toMatchObject({ code: 200, message: '已确认，该银行卡现在可以提现' });
    const card = (await ownerA.get<{ id: number; confirmed: boolean; holdUntil: string | null }[]>(CARDS)).result.find(
      (c) => c.id === held,
    );
    expect(card).toMatchObject({ confirmed: true, holdUntil: null });
    const row = await t.db.selectFrom('bankCard').selectAll().where('id', '=', held).executeTakeFirstOrThrow();
    expect(row.confirmedBy).toBe(ownerIdA);
    expect((await ownerA.post(`${C}/bangka/queren/sendCode`, { id: held })).message).toBe(
      '该银行卡已确认，无需再次确认',
    );
    const r = await withdrawWithCode(t, finance.api, { amount: 1003, bankCardId: held });
    expect(r.code, r.message).toBe(200);
  });

  it('a card the owner binds is confirmed at once (the owner’s code is the confirmation)', async () => {
    const ownerMsgs = (await messagesOf(ownerIdA)).length;
    const r = await bindWithCode(t, ownerA, companyCard(21));
    expect(r).toMatchObject({ code: 200, message: '绑定成功' });
    const card = (await ownerA.get<{ id: number; confirmed: boolean; holdUntil: string | null }[]>(CARDS)).result.find(
      (c) => c.id === r.result.id,
    );
    expect(card).toMatchObject({ confirmed: true, holdUntil: null });
    expect((await withdrawWithCode(t, ownerA, { amount: 1004, bankCardId: r.result.id })).code).toBe(200);
    // The owner is not told of its own act (it entered its own code); a sub-account's binding tells it, above
    expect((await messagesOf(ownerIdA)).length).toBe(ownerMsgs);
  });

  it('unbinding tells the owner too; the demo cards count as confirmed', async () => {
    const spare = await bindWithCode(t, ownerA, companyCard(22));
    expect(spare.code, spare.message).toBe(200);
    const ownerMsgs = (await messagesOf(ownerIdA)).length;
    expect((await finance.api.post(`${C}/bangka/jiebang`, { id: spare.result.id })).code).toBe(200);
    const msgs = await messagesOf(ownerIdA);
    expect(msgs.length).toBe(ownerMsgs + 1);
    expect(msgs[0]).toMatchObject({ type: 'finance', title: '收款银行卡已解绑' });
    expect(msgs[0].content).toContain('财务小刘 解绑了收款银行卡');
    const demo = await t.db.selectFrom('bankCard').selectAll().where('id', '=', cardA).executeTakeFirstOrThrow();
    expect(demo.confirmedAt).not.toBeNull();
    expect(Date.now() - Date.parse(demo.boundAt)).toBeGreaterThan(24 * 3600_000);
  });
});

describe('codes are throttled like sign-in codes, and never logged', () => {
  it('one step-up code per phone per 60 s, whatever the action; 5 per hour', async () => {
    const limited = await buildTestApp();
    try {
      const owner = api(limited.app, await sessionFor(limited.app, PHONES.ownerA));
      const card = (await owner.get(CARDS)).result[0].id;
      for (const a of (await owner.get<{ id: number }[]>('app/jiazheng/xieyi/findDaiqianList')).result)
        await owner.post('app/jiazheng/xieyi/qianshu', { id: a.id, signerName: '王洁' });
      const first = await owner.post(`${C}/tixian/sendCode`, { amount: 1000, bankCardId: card });
      expect(first.code, first.message).toBe(200);
      for (const [route, body] of [
        ['tixian/sendCode', { amount: 1001, bankCardId: card }],
        ['bangka/sendCode', companyCard(30)],
      ] as const) {
        const r = await owner.post(`${C}/${route}`, body);
        expect(r.status).toBe(429);
        expect(r.message).toMatch(/^验证码发送过于频繁，请 \d+ 秒后再试$/);
      }
      // past the resend wait, the hourly cap of the phone (sign-in codes count too) still holds
      await limited.db
        .updateTable('smsCode')
        .set({ createdAt: new Date(Date.now() - 61_000).toISOString() })
        .execute();
      for (let i = 0; i < 4; i++)
        await limited.db
          .insertInto('smsCode')
          .values({
            phone: PHONES.ownerA,
            purpose: 'login',
            codeHash: 'x',
            expiresAt: new Date().toISOString(),
            attempts: 0,
            usedAt: null,
            ip: '127.0.0.1',
            createdAt: new Date(Date.now() - 120_000).toISOString(),
          })
          .execute();
      const capped = await owner.post(`${C}/tixian/sendCode`, { amount: 1002, bankCardId: card });
      expect(capped.status).toBe(429);
      expect(capped.message).toMatch(/1 小时内发送次数已达上限/);
    } finally {
      await limited.close();
    }
  });

  it('the operation log keeps the action but not the code', async () => {
    const got = await stepUpCode(t, ownerA, 'bangka/sendCode', companyCard(31));
    if ('refused' in got) throw new Error(got.refused.message);
    expect((await ownerA.post(BIND, { ...companyCard(31), smsCode: got.code })).code).toBe(200);
    const log = await t.db
      .selectFrom('oplog')
      .select(['url', 'params'])
      .where('url', 'like', '%/caiwu/bangka/add%')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log.params).not.toContain(got.code);
    expect(log.params).not.toContain(companyCard(31).cardNo);
  });
});
