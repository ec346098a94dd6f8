import type { SeedCtx } from '../../types.ts';
import * as repo from './bank.repo.ts';
import { sampleBranches } from './bank.sample.ts';

/** The sample goes into an empty table only: a full import (npm run bank:import) is never overwritten. */
export async function seedBankSample({ db }: SeedCtx) {
  if (await db.selectFrom('bankBranch').select('id').limit(1).executeTakeFirst()) return;
  await repo.upsertBranches(db, sampleBranches());
}
