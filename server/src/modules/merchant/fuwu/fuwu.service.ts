import type { DB } from '../../../db/client.ts';
import { invalid } from '../../../lib/errors.ts';
import { enabledCategoryIds } from './fuwu.repo.ts';

/**
 * For other modules (a shop's service categories): the list without repeats, or 2001 when it names an unknown or
 * disabled category.
 */
export async function assertCategoryIds(db: DB, ids: number[]) {
  const uniq = [...new Set(ids)];
  const ok = await enabledCategoryIds(db, uniq);
  if (ok.length !== uniq.length) throw invalid('服务类目不存在或已停用');
  return uniq;
}
