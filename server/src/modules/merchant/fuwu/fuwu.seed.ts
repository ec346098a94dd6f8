import { STATUS_FLAG } from '@jz/contracts/common';
import { FUWU_SEED } from '@jz/contracts/fuwu';
import { nowIso } from '../../../lib/time.ts';
import type { SeedCtx } from '../../types.ts';
import './fuwu.tables.ts';

/** The platform's category tree (docs/decisions.md#service-categories), once (an admin's later changes are kept). */
export async function seedCategoryTree({ db }: SeedCtx) {
  if (await db.selectFrom('fuwu').select('id').limit(1).executeTakeFirst()) return;
  const now = nowIso();
  let sort = 0;
  for (const top of FUWU_SEED) {
    sort += 10;
    const { id } = await db
      .insertInto('fuwu')
      .values({
        parentId: null,
        name: top.name,
        icon: top.icon,
        sort,
        status: STATUS_FLAG.ENABLED,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, child] of (top.children ?? []).entries())
      await db
        .insertInto('fuwu')
        .values({
          parentId: id,
          name: child,
          icon: null,
          sort: i + 1,
          status: STATUS_FLAG.ENABLED,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
  }
}
