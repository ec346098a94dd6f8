import type { DB } from '../../../db/client.ts';
import { pageLicences } from './licence.repo.ts';

// What other modules read of licences (the platform's shop audit shows the merchant's licences beside the shop).

/** A merchant's licences, 营业执照 first, then newest first (at most 20: a merchant holds a handful). */
export async function merchantLicences(db: DB, merchantId: number) {
  const { records } = await pageLicences(db, { pageNum: 1, pageSize: 20 }, merchantId);
  return [...records].sort((a, b) => Number(b.kind === 'yyzz') - Number(a.kind === 'yyzz'));
}
