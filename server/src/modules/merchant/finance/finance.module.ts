import { ensureDict } from '../../system/dict/dict.repo.ts';
import { defineModule } from '../../types.ts';
import { seedFinanceDemo } from './finance.seed.ts';
import { financeRoutes } from './finance.routes.ts';
import { unfreezeDue } from './settlement.service.ts';
import { resumeStuckPayouts } from './withdraw.service.ts';

/** How often each instance looks for settlements to unfreeze (the job itself is idempotent and multi-instance safe). */
export const UNFREEZE_INTERVAL_MS = 60_000;

export default defineModule({
  name: 'finance',
  order: 80,
  routes(app) {
    financeRoutes(app);
    const tick = async () => {
      await app.metrics
        .job('finance_unfreeze', () => unfreezeDue(app.db))
        .catch((err) => app.log.error({ err }, 'finance unfreeze job failed'));
      await app.metrics
        .job('finance_payout_recovery', () => resumeStuckPayouts(app.db))
        .catch((err) => app.log.error({ err }, 'finance payout recovery failed'));
    };
    // Catch up once at start (settlements that came due while no instance ran), then every minute.
    app.addHook('onReady', tick);
    const timer = setInterval(() => void tick(), UNFREEZE_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  async seed({ db }) {
    await ensureDict(db, 'finance_direction', '收支方向', [
      { label: '收入', value: '1', tag: 'success' },
      { label: '支出', value: '2', tag: 'error' },
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
  },
  seedDemo: seedFinanceDemo,
});
