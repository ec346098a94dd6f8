import { bankApi as c } from '@jz/contracts/api/bank';
import { ok } from '../../../lib/envelope.ts';
import { notFound } from '../../../lib/errors.ts';
import { route } from '../../../lib/route.ts';
import type { App } from '../../types.ts';
import * as repo from './bank.repo.ts';

/** Bank-branch lookup, registered from its contracts (packages/contracts/src/api/bank.ts). */
export function bankRoutes(app: App) {
  route(app, c.search, async (req) => ok(await repo.searchBranches(app.db, req.query), 'ok'));
  route(app, c.byCode, async (req) => {
    const branch = await repo.branchByCode(app.db, req.query.code);
    if (!branch) throw notFound('联行号不存在，请通过开户支行查询选择');
    return ok(branch, 'ok');
  });
}
