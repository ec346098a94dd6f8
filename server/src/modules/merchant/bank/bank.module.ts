import { defineModule } from '../../types.ts';
import * as repo from './bank.repo.ts';
import { bankRoutes } from './bank.routes.ts';
import { sampleBranches } from './bank.sample.ts';

export default defineModule({
  name: 'bank',
  order: 60,
  routes: bankRoutes,
  /** The sample goes into an empty table only: a full import (npm run bank:import) is never overwritten. */
  async seed({ db }) {
    if (await db.selectFrom('bankBranch').select('id').limit(1).executeTakeFirst()) return;
    await repo.upsertBranches(db, sampleBranches());
  },
});
