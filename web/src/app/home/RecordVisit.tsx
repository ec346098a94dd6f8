import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { profileQuery } from '../../lib/queries.ts';
import type { PageDef } from '../../lib/page-registry.ts';
import { recordVisit } from './quick-links.ts';

/**
 * Counts an opening of a page for the 快捷入口 of the landing page (quick-links.ts). PageView renders it for a page
 * the user may see; a page reached from a list (商品详情, 新增员工) counts for its menu page.
 */
export function RecordVisit({ page }: { page: Pick<PageDef, 'key' | 'parentKey'> }) {
  // The console's session gate has loaded the profile: read it from the cache, never fetch it from here.
  const { data: user } = useQuery({ ...profileQuery, enabled: false });
  const userId = user?.id;
  const key = page.parentKey ?? page.key;
  useEffect(() => {
    if (userId) recordVisit(userId, key);
  }, [userId, key]);
  return null;
}
