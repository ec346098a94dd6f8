import { defineModule } from '../../types.ts';
import { bankRoutes } from './bank.routes.ts';
import { seedBankSample } from './bank.seed.ts';

/** Bank branches (开户支行 / 联行号): the lookup of payment onboarding and card binding. */
export default defineModule({
  name: 'bank',
  order: 60,
  routes: bankRoutes,
  seed: seedBankSample,
});
