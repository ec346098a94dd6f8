import type { Page } from '@jz/contracts/envelope';
import { type SelectQueryBuilder, sql } from 'kysely';

/**
 * A page and the total in one statement: the page's rows carry the count of `base` as an uncorrelated scalar subquery
 * (evaluated once by SQLite and PostgreSQL; still an index-only count, and the page keeps its early stop at LIMIT,
 * which `count(*) over ()` would lose by materialising every matching row). Only a page past the end (no rows at an
 * offset) asks for the total separately. `base` holds the FROM and WHERE; `select` adds columns and ORDER BY.
 */
export async function paginate<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  select: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  page: { pageNum: number; pageSize: number },
): Promise<Page<O>> {
  const offset = (page.pageNum - 1) * page.pageSize;
  const count = base.select(sql<number>`count(*)`.as('n'));
  const rows = (await select(base)
    .select(count.as('pagingTotal') as never)
    .limit(page.pageSize)
    .offset(offset)
    .execute()) as (O & { pagingTotal?: number })[];
  let total = 0;
  if (rows.length) {
    total = Number(rows[0].pagingTotal);
    // The last property added: V8 removes it without turning the rows into dictionaries.
    for (const r of rows) delete r.pagingTotal;
  } else if (offset > 0) {
    const [r] = (await count.execute()) as unknown as { n: number }[];
    total = Number(r.n);
  }
  return { records: rows as O[], total };
}

/** Escapes LIKE wildcards so a user's "%" or "_" matches literally. */
export const likeContains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
