import { defineModule } from '../../types.ts';
import { agreementRoutes } from './agreement.routes.ts';
import { seedAgreementDemo, seedAgreementDicts } from './agreement.seed.ts';

/** Agreements (协议): the platform publishes versions, merchants sign them (README.md). */
export default defineModule({
  name: 'agreement',
  order: 61,
  routes: agreementRoutes,
  seed: seedAgreementDicts,
  seedDemo: seedAgreementDemo,
});
