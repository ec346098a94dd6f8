import { UNPAID_TIMEOUT_MINUTES } from '@jz/contracts/order';
import { ensureDict } from '../../system/dict/dict.repo.ts';
import { defineModule } from '../../types.ts';
import { startBus, stopBus } from '../../../lib/order-bus.ts';
import { pruneStreamRows } from './order.repo.ts';
import { orderRoutes } from './order.routes.ts';
import { seedOrderDemo } from './order.seed.ts';
import { expireUnpaid } from './order-transition.service.ts';

/** How often each instance cancels unpaid orders past their 30 minutes (the job is multi-instance safe). */
export const EXPIRE_INTERVAL_MS = 60_000;

/**
 * Orders (issue 6): the state machine, live order taking, verification, settlements on completion.
 * Order 85: after finance (80), so its demo settlements exist first. The settlement (打款) lists are finance's routes.
 */
export default defineModule({
  name: 'order',
  order: 85,
  routes(app) {
    const bus = startBus(app.db, app.dbKind, app.config.DATABASE_URL, app.log);
    app.addHook('onClose', () => stopBus(app.db, bus));
    orderRoutes(app);
    const expire = setInterval(() => {
      app.metrics
        .job('order_expire_unpaid', () => expireUnpaid(app.db, UNPAID_TIMEOUT_MINUTES))
        .catch((err) => app.log.error({ err }, 'order expiry job failed'));
    }, EXPIRE_INTERVAL_MS);
    const prune = setInterval(() => {
      app.metrics
        .job('order_stream_prune', () => pruneStreamRows(app.db))
        .catch((err) => app.log.error({ err }, 'order stream prune failed'));
    }, 3600_000);
    expire.unref();
    prune.unref();
    app.addHook('onClose', async () => {
      clearInterval(expire);
      clearInterval(prune);
    });
  },
  async seed({ db }) {
    await ensureDict(db, 'order_status', '订单状态', [
      { label: '待付款', value: '10', tag: 'default' },
      { label: '待接单', value: '20', tag: 'warning' },
      { label: '待服务', value: '30', tag: 'processing' },
      { label: '服务中', value: '40', tag: 'cyan' },
      { label: '已完成', value: '50', tag: 'success' },
      { label: '已评价', value: '60', tag: 'purple' },
      { label: '已取消', value: '70', tag: 'error' },
    ]);
    await ensureDict(db, 'order_refund_status', '订单退款状态', [
      { label: '无', value: '0', tag: 'default' },
      { label: '退款中', value: '1', tag: 'processing' },
      { label: '已退款', value: '2', tag: 'success' },
      { label: '退款失败', value: '3', tag: 'error' },
    ]);
  },
  seedDemo: seedOrderDemo,
});
