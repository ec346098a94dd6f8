import { defineModule } from '../../types.ts';
import { cardJobs } from './card.jobs.ts';
import { cardRoutes } from './card.routes.ts';

/** Prepaid cards (卡项 / 售卡): products, sales, redemptions by orders, refunds, expiry (docs/ledger.md 预收). */
export default defineModule({
  name: 'card',
  order: 88,
  routes(app) {
    cardRoutes(app);
    cardJobs(app);
  },
});
