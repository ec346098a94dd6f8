import type { DB } from '../../../db/client.ts';
import { dayjs } from '../../../lib/time.ts';
import { ensureDict } from '../../system/dict/dict.service.ts';
import type { DemoIds, SeedCtx } from '../../types.ts';
import { bindCard, unbindCard } from './bank-card.service.ts';
import { createSettlement, unfreezeDue } from './settlement.service.ts';
import { requestWithdrawal, reviewWithdrawal } from './withdraw.service.ts';

/** The dictionaries the finance pages render (directions, ledger kinds, states, card types and sources). */
export async function seedFinanceDicts({ db }: SeedCtx) {
  await ensureDict(db, 'finance_direction', '收支方向', [
    { label: '收入', value: '1', tag: 'success' },
    { label: '支出', value: '2', tag: 'error' },
    // 结算解冻: frozen money becomes withdrawable, the balance does not change (docs/ledger.md)
    { label: '划转', value: '3', tag: 'default' },
  ]);
  await ensureDict(db, 'finance_ledger_kind', '收支类型', [
    { label: '订单结算', value: 'settle', tag: 'success' },
    { label: '结算解冻', value: 'unfreeze', tag: 'cyan' },
    { label: '提现', value: 'withdraw', tag: 'blue' },
    { label: '提现手续费', value: 'fee', tag: 'warning' },
    { label: '退款冲正', value: 'refund', tag: 'error' },
    { label: '提现退回', value: 'return', tag: 'purple' },
  ]);
  await ensureDict(db, 'finance_withdraw_status', '提现状态', [
    { label: '审核中', value: '10', tag: 'processing' },
    { label: '打款中', value: '20', tag: 'blue' },
    { label: '已到账', value: '30', tag: 'success' },
    { label: '已驳回', value: '40', tag: 'error' },
    { label: '打款失败', value: '50', tag: 'warning' },
  ]);
  await ensureDict(db, 'finance_settlement_status', '结算状态', [
    { label: '冻结中', value: '0', tag: 'warning' },
    { label: '已解冻', value: '1', tag: 'success' },
  ]);
  await ensureDict(db, 'bank_card_type', '账户类型', [
    { label: '对私', value: '1', tag: 'blue' },
    { label: '对公', value: '2', tag: 'purple' },
  ]);
  await ensureDict(db, 'bank_card_action', '绑定操作', [
    { label: '绑定', value: '1', tag: 'success' },
    { label: '解绑', value: '2', tag: 'default' },
  ]);
  await ensureDict(db, 'bank_card_source', '绑卡来源', [
    { label: '手动绑定', value: 'manual', tag: 'default' },
    { label: '进件开户', value: 'jinjian', tag: 'cyan' },
  ]);
}

/**
 * Demo money for both merchants, written through the real services on a backdated timeline so the ledger, the
 * figures and the trend chart agree: settlements (some past their T+7 date and unfrozen, some still frozen), a bound
 * card (and, for merchant A, one that was unbound; bound by the owners weeks ago, so confirmed and past the 24-hour
 * hold of a new card), and for A (onboarded: jinjian.seed.ts) a paid withdrawal and one in
 * review. Merchant B is not onboarded yet: it has income and a card bound by hand, but no withdrawal.
 * There is no order table yet: the settlements carry synthetic order numbers and NEGATIVE order ids (-merchantId*1000-n),
 * which can never collide with a real order id when the orders module starts calling createSettlement.
 */
export async function seedFinanceDemo({ db, demo }: { db: DB; demo: DemoIds }) {
  const now = dayjs();
  const ago = (days: number, hour = 10) => {
    const t = now.subtract(days, 'day').hour(hour).minute(0).second(0).millisecond(0);
    return (t.isAfter(now) ? now : t).toISOString();
  };
  type Ev = { at: string; run: () => Promise<unknown> };
  const events: Ev[] = [];

  const settlements = (merchantId: number, shops: number[], list: [number, number][]) =>
    list.forEach(([amount, days], i) => {
      const at = ago(days, 9 + (i % 8));
      const orderNo = `DEMO${dayjs(at).format('YYYYMMDD')}${String(merchantId).padStart(3, '0')}${String(i + 1).padStart(3, '0')}`;
      events.push({
        at,
        run: () =>
          createSettlement(
            db,
            {
              merchantId,
              shopId: shops[i % shops.length],
              orderId: -(merchantId * 1000 + i + 1),
              orderNo,
              amount,
              completedAt: at,
            },
            { now: at },
          ),
      });
    });

  const a = demo.merchantA;
  const b = demo.merchantB;
  settlements(
    a.id,
    [a.mainShopId, a.branchShopId],
    [
      [29800, 20],
      [45000, 16],
      [16800, 12],
      [88800, 10],
      [12800, 8],
      [36000, 5],
      [19900, 3],
      [52000, 1],
    ],
  );
  settlements(
    b.id,
    [b.mainShopId],
    [
      [26800, 14],
      [39900, 9],
      [15800, 2],
    ],
  );

  let cardA = 0;
  events.push({
    at: ago(25, 8),
    run: async () => {
      const old = await bindCard(
        db,
        {
          merchantId: a.id,
          operatorUserId: a.ownerId,
          bankName: '中国建设银行',
          branchName: '中国建设银行运城河东支行',
          branchCode: '105181000035',
          cardNo: '6217000130001234567',
          holderName: '运城洁家家政服务有限公司',
          cardType: 2,
          source: 'manual',
          confirmedBy: a.ownerId,
        },
        { now: ago(25, 8) },
      );
      await unbindCard(db, { merchantId: a.id, cardId: old.id, operatorUserId: a.ownerId, now: ago(24, 8) });
      cardA = (
        await bindCard(
          db,
          {
            merchantId: a.id,
            operatorUserId: a.ownerId,
            bankName: '中国工商银行',
            // A's onboarding (jinjian.seed.ts) approved this account as its settlement card
            branchName: '中国工商银行股份有限公司运城分行营业部',
            branchCode: '102181000010',
            cardNo: '6222021305001234888',
            holderName: '运城洁家家政服务有限公司',
            cardType: 2,
            mobile: '13800000001',
            source: 'jinjian',
          },
          { now: ago(24, 9) },
        )
      ).id;
      await bindCard(
        db,
        {
          merchantId: b.id,
          operatorUserId: b.ownerId,
          bankName: '中国农业银行',
          branchName: '中国农业银行股份有限公司太原迎泽区迎泽大街支行',
          branchCode: '103161000240',
          cardNo: '6228480018009876543',
          holderName: '李四',
          cardType: 1,
          mobile: '13800000002',
          source: 'manual',
          confirmedBy: b.ownerId,
        },
        { now: ago(24, 10) },
      );
    },
  });

  // Unfreeze runs: one each morning, as the job would. Their 结算已解冻 messages are the demo's past: created read,
  // dated at the run, so the message centre shows them but the header count is not inflated by old news.
  for (let d = 25; d >= 0; d--)
    events.push({ at: ago(d, 7), run: () => unfreezeDue(db, ago(d, 7), 500, { messagesRead: true }) });

  events.push({
    at: ago(6, 11),
    run: async () => {
      const w = await requestWithdrawal(db, {
        merchantId: a.id,
        userId: a.ownerId,
        amount: 50000,
        bankCardId: cardA,
        now: ago(6, 11),
      });
      await reviewWithdrawal(db, {
        id: w.id,
        pass: true,
        remark: '核对无误',
        auditorId: demo.adminId,
        now: ago(6, 15),
      });
    },
  });
  events.push({
    at: ago(0, 0),
    run: async () => {
      await requestWithdrawal(db, {
        merchantId: a.id,
        userId: a.ownerId,
        amount: 30000,
        bankCardId: cardA,
        now: ago(0, 0),
      });
    },
  });

  events.sort((x, y) => x.at.localeCompare(y.at));
  for (const e of events) await e.run();
}
