import type { SeedCtx } from '../../types.ts';
import { seedRegions } from './region.repo.ts';

/** The bundled region table, filled once. */
export async function seedRegionTable({ db }: SeedCtx) {
  await seedRegions(db);
}
