import type { DemoIds, SeedCtx } from '../../types.ts';

/** The demo sub-account (docs/decisions.md#demo-data) works in every shop: granted explicitly, as the team page would. */
export async function seedAccountDemo({ db, demo }: SeedCtx & { demo: DemoIds }) {
  await db.updateTable('user').set({ allShops: 1 }).where('id', '=', demo.merchantA.subId).execute();
}
