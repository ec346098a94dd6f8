import { assertAgreementsSigned } from '../agreement/agreement.service.ts';
import { financeApi as f } from '@jz/contracts/api/finance';
import { bankCardApi as card, withdrawApi as w } from '@jz/contracts/api/withdraw';
import {
  CARD_HOLD_HOURS,
  LEDGER_FLOW,
  LEDGER_FLOW_NAMES,
  LEDGER_KINDS,
  type LedgerEntry,
  BANK_CARD_STATUS,
} from '@jz/contracts/finance';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../../lib/envelope.ts';
import { type ExportColumn, sendTable } from '../../../lib/export/table-export.ts';
import { business, forbidden, invalid, notFound } from '../../../lib/errors.ts';
import { shopsFilter, tenantOf } from '../../../lib/tenant.ts';
import { route } from '../../../lib/route.ts';
import { dayjs, TZ } from '../../../lib/time.ts';
import { hasPerm } from '../../../plugins/auth.ts';
import type { App } from '../../types.ts';
import { cardFlows, cardFlowsSheet } from '../card/card-flows.service.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { bindCard, confirmCard, unbindCard } from './bank-card.service.ts';
import * as repo from './finance.repo.ts';
import { assertMayWithdraw, onboardingOf } from './onboarding.ts';
import {
  assertPayee,
  justUsed,
  payeeRuleOf,
  type StepUpAction,
  sendStepUpCode,
  stepUpInfo,
  verifyStepUp,
} from './step-up.service.ts';
import * as settlements from './settlement.repo.ts';
import { precheckWithdrawal, replayOf, requestWithdrawal } from './withdraw.service.ts';

const bindAction = (merchantId: number, b: { cardNo: string; holderName: string; cardType: number }): StepUpAction => ({
  kind: 'bind',
  merchantId,
  cardNo: b.cardNo,
  holderName: b.holderName,
  cardType: b.cardType,
});

/** Confirming a card is the owner's own act: a sub-account holding 绑定银行卡 cannot confirm what it bound. */
async function cardToConfirm(app: App, t: Tenant, id: number) {
  if (!t.user.isOwner) throw forbidden('只有商户主账号可以确认银行卡');
  const card = await app.db
    .selectFrom('bankCard')
    .select(['id', 'status', 'confirmedAt'])
    .where('id', '=', id)
    .where('merchantId', '=', t.merchantId)
    .executeTakeFirst();
  if (card?.status !== BANK_CARD_STATUS.BOUND) throw notFound('银行卡不存在或已解绑');
  if (card.confirmedAt) throw business('该银行卡已确认，无需再次确认');
  return card;
}

/**
 * Withdrawals and payout cards act on the merchant's one account, which belongs to no shop: a shop-limited caller may
 * neither see nor move it, whatever its role holds (docs/ledger.md "Shop-limited users").
 */
const ACCOUNT_ONLY = '提现和银行卡属于商户的资金账户，不按门店划分：仅可管理全部门店的账号可以查看和操作';
async function wholeAccount(app: App, req: FastifyRequest): Promise<Tenant> {
  const t = await tenantOf(app.db, req);
  if (t.allowedShopIds) throw forbidden(ACCOUNT_ONLY);
  return t;
}

/**
 * The export has the page's rows in the page's order (newest first) and its figures; the amount goes into the column of
 * its flow, so summing 收入 in a spreadsheet gives the income and a 划转 (结算解冻) is never counted as money in.
 */
const LEDGER_COLUMNS: ExportColumn[] = [
  { header: '时间', width: 20 },
  { header: '收支', width: 8 },
  { header: '类型', width: 12 },
  { header: '收入(元)', width: 14, kind: 'money' },
  { header: '支出(元)', width: 14, kind: 'money' },
  { header: '划转(元)', width: 14, kind: 'money' },
  { header: '余额(元)', width: 14, kind: 'money' },
  { header: '冻结(元)', width: 14, kind: 'money' },
  { header: '可提现(元)', width: 14, kind: 'money' },
  { header: '关联单号', width: 28 },
  { header: '说明', width: 60 },
];
/** A shop-limited caller's running figures are its shops' settlements, not the account: the headers say so. */
const SHOP_LEDGER_COLUMNS: ExportColumn[] = LEDGER_COLUMNS.map((c) => {
  const shop: Record<string, string> = {
    '余额(元)': '所管门店累计结算(元)',
    '冻结(元)': '所管门店冻结中(元)',
    '可提现(元)': '所管门店已解冻(元)',
  };
  return shop[c.header] ? { ...c, header: shop[c.header], width: 20 } : c;
});
const inColumn = (r: LedgerEntry, flow: number) => (r.direction === flow ? r.amount : null);

/**
 * Merchant finance calls, registered from their contracts (packages/contracts/src/api/{finance,withdraw}.ts).
 * Every query is scoped to the caller's merchant.
 */
export function financeRoutes(app: App) {
  route(app, f.overview, async (req) => {
    const t = await tenantOf(app.db, req);
    return ok({ ...(await repo.overview(app.db, t)), onboarding: await onboardingOf(app, t.merchantId) }, 'ok');
  });

  route(app, f.trend, async (req) => {
    const t = await tenantOf(app.db, req);
    return ok(await repo.trend(app.db, t, req.query), 'ok');
  });

  route(app, f.ledgerPage, async (req) => {
    const t = await tenantOf(app.db, req);
    return ok(await repo.ledgerPage(app.db, t, req.query), 'ok');
  });

  route(app, f.ledgerTotals, async (req) => {
    const t = await tenantOf(app.db, req);
    return ok(await repo.ledgerTotals(app.db, t, req.query), 'ok');
  });

  // Excel (.xlsx) by default, `format=csv` for CSV with a UTF-8 BOM: both from lib/export (exceljs).
  route(app, f.ledgerExport, async (req, reply) => {
    const t = await tenantOf(app.db, req);
    const { format, ...filters } = req.body;
    const rows = await repo.ledgerAll(app.db, t, filters);
    const shops = repo.scopeOf(t) === 'shops';
    // The 预收 sheet goes with a date range alone: a flow, kind or number filter picks account rows, which cards are not.
    const cardsToo = !filters.direction && !filters.kind && !filters.refNo;
    const cards = cardsToo ? [cardFlowsSheet(await cardFlows(app.db, t.merchantId, shopsFilter(t), filters))] : [];
    return sendTable(reply, format, {
      fileName: shops ? '收支明细_所管门店' : '收支明细',
      asciiName: 'ledger',
      sheets: [
        {
          name: shops ? '收支明细（仅所管门店）' : '收支明细',
          columns: shops ? SHOP_LEDGER_COLUMNS : LEDGER_COLUMNS,
          rows: rows.map((r) => [
            dayjs(r.createdAt).tz(TZ).format('YYYY-MM-DD HH:mm:ss'),
            LEDGER_FLOW_NAMES[r.direction] ?? String(r.direction),
            LEDGER_KINDS[r.kind] ?? r.kind,
            inColumn(r, LEDGER_FLOW.income),
            inColumn(r, LEDGER_FLOW.expense),
            inColumn(r, LEDGER_FLOW.transfer),
            r.balanceAfter,
            r.frozenAfter,
            r.withdrawableAfter,
            r.refNo,
            r.remark,
          ]),
        },
        ...cards,
      ],
    });
  });

  route(app, f.frozenPage, async (req) => {
    const t = await tenantOf(app.db, req);
    return ok(await repo.frozenPage(app.db, t, req.query), 'ok');
  });

  // Settlements (打款) of completed orders, listed in the order console: under the order path the spec gives them.
  route(app, f.settlementPage, async (req) =>
    ok(await settlements.settlementPage(app.db, await tenantOf(app.db, req), req.query), 'ok'),
  );
  route(app, f.settlementTotals, async (req) =>
    ok(await settlements.settlementTotals(app.db, await tenantOf(app.db, req), req.query), 'ok'),
  );

  // Step-up for money: where the code goes (the owner's phone, masked) and the card hold, before asking for a code.
  route(app, w.stepUpInfo, async (req) => {
    const t = await wholeAccount(app, req);
    return ok(await stepUpInfo(app, t.merchantId, t.user.isOwner, false), 'ok');
  });

  /** The owner's code for this amount to this card; refused up front when the request could not go through. */
  route(app, w.sendCode, async (req) => {
    const t = await wholeAccount(app, req);
    const { amount, bankCardId } = req.body;
    await assertAgreementsSigned(app.db, t.merchantId, '提现');
    await assertMayWithdraw(app, t.merchantId, bankCardId);
    await precheckWithdrawal(app.db, { merchantId: t.merchantId, amount, bankCardId });
    const { phone } = await sendStepUpCode(
      app,
      { kind: 'withdraw', merchantId: t.merchantId, bankCardId, amount },
      req.ip,
    );
    return ok({ phone }, `验证码已发送至商户主账号手机 ${phone}`);
  });

  route(app, w.add, async (req) => {
    const t = await wholeAccount(app, req);
    const raw = req.headers['idempotency-key'];
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (key !== undefined && !/^[\w.:-]{8,100}$/.test(key))
      throw invalid('Idempotency-Key 须为 8-100 位字母、数字或 - _ . :');
    const { amount, bankCardId, smsCode } = req.body;
    const target = { merchantId: t.merchantId, amount, bankCardId };
    // A merchant that has not signed the current must-sign agreements cannot move money out; nor one the payment
    // provider has not onboarded (its card must be its own first: 2002).
    await assertAgreementsSigned(app.db, t.merchantId, '提现');
    await assertMayWithdraw(app, t.merchantId, bankCardId);
    // A retry of a request that went through answers what it answered: its code is used up by then.
    const replay = key ? await replayOf(app.db, target, key) : undefined;
    if (replay) return ok(replay, '提现申请已提交，等待平台审核');
    try {
      await precheckWithdrawal(app.db, target);
    } catch (err) {
      // A twin (same key) that committed since the replay check above took the balance this check saw: its answer is
      // this request's answer too (seen in the cluster run, scripts/cluster.mjs: one copy told ok, another 可提现金额不足).
      const late = key ? await replayOf(app.db, target, key) : undefined;
      if (late) return ok(late, '提现申请已提交，等待平台审核');
      throw err;
    }
    const action: StepUpAction = { kind: 'withdraw', ...target };
    try {
      await verifyStepUp(app, action, smsCode);
    } catch (err) {
      // A concurrent twin (same key, same code) won the code: answer its answer once it is stored.
      if (key && smsCode && (await justUsed(app, action))) {
        for (let i = 0; i < 60; i++) {
          const first = await replayOf(app.db, target, key);
          if (first) return ok(first, '提现申请已提交，等待平台审核');
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      throw err;
    }
    const done = await requestWithdrawal(app.db, { ...target, userId: t.user.id, idemKey: key });
    return ok(done, '提现申请已提交，等待平台审核');
  });

  route(app, w.page, async (req) => {
    const t = await wholeAccount(app, req);
    return ok(await repo.withdrawalPage(app.db, t.merchantId, req.query), 'ok');
  });

  // The cards are needed by two pages (提现 and 绑定记录): either permission reads them.
  route(app, card.list, async (req) => {
    const t = await wholeAccount(app, req);
    if (!hasPerm(t.user, 'merchant:finance:card') && !hasPerm(t.user, 'merchant:finance:withdrawList'))
      throw forbidden();
    return ok(await repo.boundCards(app.db, t.merchantId), 'ok');
  });

  route(app, card.bindingPage, async (req) => {
    const t = await wholeAccount(app, req);
    return ok(await repo.bindingPage(app.db, t.merchantId, req.query), 'ok');
  });

  // What the bind dialog needs: where the code goes, the hold, and the names a card may be bound to (用户进件).
  route(app, card.stepUpInfo, async (req) => {
    const t = await wholeAccount(app, req);
    return ok(await stepUpInfo(app, t.merchantId, t.user.isOwner, true), 'ok');
  });

  /** The owner's code for binding this card (number, holder and type); the holder is checked before any code goes. */
  route(app, card.sendCode, async (req) => {
    const t = await wholeAccount(app, req);
    const b = req.body;
    assertPayee(await payeeRuleOf(app, t.merchantId), b.holderName, b.cardType);
    const { phone } = await sendStepUpCode(app, bindAction(t.merchantId, b), req.ip);
    return ok({ phone }, `验证码已发送至商户主账号手机 ${phone}`);
  });

  route(app, card.bind, async (req) => {
    const t = await wholeAccount(app, req);
    const b = req.body;
    assertPayee(await payeeRuleOf(app, t.merchantId), b.holderName, b.cardType);
    await verifyStepUp(app, bindAction(t.merchantId, b), b.smsCode);
    const { id, created } = await bindCard(app.db, {
      merchantId: t.merchantId,
      operatorUserId: t.user.id,
      bankName: b.bankName,
      branchName: b.branchName,
      branchCode: b.branchCode,
      cardNo: b.cardNo,
      holderName: b.holderName,
      cardType: b.cardType as 1 | 2,
      mobile: b.mobile,
      source: 'manual',
      // The owner binding a card confirms it; a sub-account's card waits 24 hours or for the owner's confirmation.
      confirmedBy: t.user.isOwner ? t.user.id : undefined,
      // The owner is told of a card a sub-account bound, not of its own act (docs/messages.md).
      notifyOwner: !t.user.isOwner,
    });
    if (!created) return ok({ id }, '该银行卡已绑定');
    return ok(
      { id },
      t.user.isOwner ? '绑定成功' : `绑定成功：该卡需商户主账号确认，或绑定 ${CARD_HOLD_HOURS} 小时后才能提现`,
    );
  });

  route(app, card.sendConfirmCode, async (req) => {
    const t = await wholeAccount(app, req);
    const c = await cardToConfirm(app, t, req.body.id);
    const { phone } = await sendStepUpCode(app, { kind: 'confirm', merchantId: t.merchantId, cardId: c.id }, req.ip);
    return ok({ phone }, `验证码已发送至商户主账号手机 ${phone}`);
  });

  /** The owner confirms a card a sub-account bound, with the owner's code: withdrawals to it are no longer held. */
  route(app, card.confirm, async (req) => {
    const t = await wholeAccount(app, req);
    const c = await cardToConfirm(app, t, req.body.id);
    await verifyStepUp(app, { kind: 'confirm', merchantId: t.merchantId, cardId: c.id }, req.body.smsCode);
    const r = await confirmCard(app.db, { merchantId: t.merchantId, cardId: c.id, ownerUserId: t.user.id });
    if (r === 'missing') throw notFound('银行卡不存在或已解绑');
    return ok(null, r === 'ok' ? '已确认，该银行卡现在可以提现' : '该银行卡已确认');
  });

  route(app, card.unbind, async (req) => {
    const t = await wholeAccount(app, req);
    const r = await unbindCard(app.db, {
      merchantId: t.merchantId,
      cardId: req.body.id,
      operatorUserId: t.user.id,
      notifyOwner: !t.user.isOwner,
    });
    if (r === 'missing') throw notFound('银行卡不存在或已解绑');
    if (r === 'busy') throw business('该银行卡有审核中或打款中的提现，暂不能解绑');
    return ok(null, '解绑成功');
  });
}
