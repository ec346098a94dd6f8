import { bankBranchByCode, bankBranchQuery } from '@jz/contracts/bank';
import { ok } from '../../../lib/envelope.ts';
import { notFound } from '../../../lib/errors.ts';
import type { App } from '../../types.ts';
import * as repo from './bank.repo.ts';

/**
 * spec §7 Payment onboarding: bank-branch lookup. Reference data, so any signed-in user may search it (the onboarding
 * form and the finance card binding both use it).
 */
export function bankRoutes(app: App) {
  const base = '/tmpl/api/app/jiazheng/huifu/bank';
  app.get(
    `${base}/findYinhanghao`,
    { schema: { querystring: bankBranchQuery }, config: { signedIn: true } },
    async (req) => ok(await repo.searchBranches(app.db, req.query), 'ok'),
  );
  app.get(
    `${base}/findByYinhanghao`,
    { schema: { querystring: bankBranchByCode }, config: { signedIn: true } },
    async (req) => {
      const branch = await repo.branchByCode(app.db, req.query.code);
      if (!branch) throw notFound('联行号不存在，请通过开户支行查询选择');
      return ok(branch, 'ok');
    },
  );
}
