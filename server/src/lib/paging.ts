import type { Page } from '@jz/contracts/envelope';
import { type SelectQueryBuilder, sql } from 'kysely';

/**
 * Runs a filtered query twice: once for the total (ordering and columns dropped) and once for the page.
 * `base` holds the FROM and WHERE; `select` adds columns and ORDER BY.
 */
export async function paginate<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  select: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, O>,
  page: { pageNum: number; pageSize: number },
): Promise<Page<O>> {
  const [{ total }] = (await base.select(sql<number>`count(*)`.as('total')).execute()) as unknown as {
    total: number;
  }[];
  const records = total
    ? await select(base)
        .limit(page.pageSize)
        .offset((page.pageNum - 1) * page.pageSize)
        .execute()
    : [];
  return { records: records as O[], total: Number(total) };
}

/** Escapes LIKE wildcards so a user's "%" or "_" matches literally. */
export const likeContains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
