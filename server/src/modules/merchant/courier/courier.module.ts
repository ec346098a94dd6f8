import { COURIER_COMPANIES } from '@jz/contracts/courier';
import { ensureDict } from '../../system/dict/dict.repo.ts';
import { defineModule } from '../../types.ts';
import { courierRoutes } from './courier.routes.ts';
import { seedCourierDemo } from './courier.seed.ts';
import './courier.tables.ts';

/** 快递下单 (issue 6): courier pick-ups through a courier provider (sandbox by default). */
export default defineModule({
  name: 'courier',
  order: 86,
  routes: courierRoutes,
  async seed({ db }) {
    await ensureDict(
      db,
      'courier_company',
      '快递公司',
      COURIER_COMPANIES.map((c) => ({ label: c.label, value: c.value })),
    );
    await ensureDict(db, 'courier_status', '快递状态', [
      { label: '待揽收', value: '10', tag: 'warning' },
      { label: '已揽收', value: '20', tag: 'processing' },
      { label: '运输中', value: '30', tag: 'blue' },
      { label: '已签收', value: '40', tag: 'success' },
      { label: '已取消', value: '90', tag: 'default' },
    ]);
  },
  async seedDemo({ db, demo }) {
    await seedCourierDemo(db, demo);
  },
});
