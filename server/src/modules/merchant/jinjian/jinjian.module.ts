import { defineModule } from '../../types.ts';
import { ensureDict } from '../../system/dict/dict.repo.ts';
import { jinjianRoutes } from './jinjian.routes.ts';
import { seedDemoJinjian } from './jinjian.seed.ts';
import './jinjian.tables.ts';

export default defineModule({
  name: 'jinjian',
  // After finance (its bank cards receive the approved settlement card) and the bank-branch sample.
  order: 90,
  routes: jinjianRoutes,
  async seed({ db }) {
    await ensureDict(db, 'jinjian_status', '进件状态', [
      { label: '未进件', value: '0', tag: 'default' },
      { label: '审核中', value: '10', tag: 'processing' },
      { label: '已开通', value: '20', tag: 'success' },
      { label: '已驳回', value: '30', tag: 'error' },
    ]);
    await ensureDict(db, 'jinjian_kind', '进件类型', [
      { label: '个人', value: '1', tag: 'blue' },
      { label: '企业', value: '2', tag: 'purple' },
    ]);
  },
  async seedDemo({ db, demo }) {
    await seedDemoJinjian(db, demo);
  },
});
