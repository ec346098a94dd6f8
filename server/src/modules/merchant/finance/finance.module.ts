import { defineModule } from '../../types.ts';
import { financeJobs } from './finance.jobs.ts';
import { financeRoutes } from './finance.routes.ts';
import { seedFinanceDemo, seedFinanceDicts } from './finance.seed.ts';

/** Finance (资金): figures, ledger, settlements, withdrawals and payout cards; its unfreeze and payout jobs. */
export default defineModule({
  name: 'finance',
  order: 80,
  routes(app) {
    financeRoutes(app);
    financeJobs(app);
  },
  seed: seedFinanceDicts,
  seedDemo: seedFinanceDemo,
});
