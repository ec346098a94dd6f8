import type { DemoIds, SeedCtx } from '../../types.ts';

/** domain.md's demo sub-account works in every shop: granted explicitly, as the team page would. */
export async function seedAccountDemo({ db, demo }: SeedCtx & { demo: DemoIds }) {
  await db.updateTable('user').set({ allShops: 1 }).where('id', '=', demo.merchantA.subId).execute();
}
