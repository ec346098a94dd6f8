import { FUWU_SEED, fuwuBody, fuwuEditBody } from '@jz/contracts/fuwu';
import { idsParam, optionalText } from '@jz/contracts/common';
import { z } from 'zod';
import { ok } from '../../../lib/envelope.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { nowIso } from '../../../lib/time.ts';
import { defineModule } from '../../types.ts';
import { addFuwu, buildFuwuTree, deleteFuwu, editFuwu, fuwuByIds, listFuwu } from './fuwu.repo.ts';

const base = '/tmpl/api/app/jiazheng/fuwu';
const oplog = (type: 'add' | 'edit' | 'delete') => ({ title: '服务类目', type });

/** Service categories (服务类目): the platform tree, customers' selector, the current shop's categories. */
export default defineModule({
  name: 'fuwu',
  order: 41,
  routes(app) {
    /** All enabled categories as a tree (customer side and the merchant's category picker). */
    app.get(`${base}/weapp/findSelectFuwu`, { config: { public: true } }, async () =>
      ok(buildFuwuTree(await listFuwu(app.db, { enabledOnly: true })), 'ok'),
    );

    /** The categories the current shop offers (flat, enabled only): the goods form picks from these. */
    app.get('/tmpl/api/app/jiazheng/shangjia/fuwu/findSelect', { config: { signedIn: true } }, async (req) => {
      const t = await tenantOf(app.db, req);
      if (!t.shopId) return ok([], 'ok');
      const shop = await app.db
        .selectFrom('shop')
        .select('fuwuIds')
        .where('id', '=', t.shopId)
        .where('merchantId', '=', t.merchantId)
        .executeTakeFirstOrThrow();
      const rows = await fuwuByIds(app.db, JSON.parse(shop.fuwuIds) as number[]);
      return ok(
        rows.filter((r) => r.status === 0),
        'ok',
      );
    });

    // Platform toolkit: manage the tree.
    app.get(
      `${base}/findAllByTree`,
      { schema: { querystring: z.object({ name: optionalText(20) }) }, config: { perm: 'platform:fuwu:list' } },
      async (req) => {
        const rows = await listFuwu(app.db);
        const name = req.query.name;
        if (!name) return ok(buildFuwuTree(rows), 'ok');
        // A filtered tree keeps the matching nodes and their parents.
        const match = rows.filter((r) => r.name.includes(name));
        const keep = new Set(match.flatMap((r) => (r.parentId ? [r.id, r.parentId] : [r.id])));
        return ok(buildFuwuTree(rows.filter((r) => keep.has(r.id))), 'ok');
      },
    );
    app.post(
      `${base}/add`,
      { schema: { body: fuwuBody }, config: { perm: 'platform:fuwu:add', oplog: oplog('add') } },
      async (req) => ok(await addFuwu(app.db, req.body)),
    );
    app.post(
      `${base}/edit`,
      { schema: { body: fuwuEditBody }, config: { perm: 'platform:fuwu:edit', oplog: oplog('edit') } },
      async (req) => {
        const { id, ...v } = req.body;
        await editFuwu(app.db, id, v);
        return ok(null);
      },
    );
    app.delete(
      `${base}/delByIds/:ids`,
      { schema: { params: idsParam }, config: { perm: 'platform:fuwu:del', oplog: oplog('delete') } },
      async (req) => {
        await deleteFuwu(app.db, req.params.ids);
        return ok(null);
      },
    );
  },
  /** domain.md's platform tree, once (an admin's later changes are kept). */
  async seed({ db }) {
    if (await db.selectFrom('fuwu').select('id').limit(1).executeTakeFirst()) return;
    const now = nowIso();
    let sort = 0;
    for (const top of FUWU_SEED) {
      sort += 10;
      const { id } = await db
        .insertInto('fuwu')
        .values({ parentId: null, name: top.name, icon: top.icon, sort, status: 0, createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [i, child] of (top.children ?? []).entries())
        await db
          .insertInto('fuwu')
          .values({ parentId: id, name: child, icon: null, sort: i + 1, status: 0, createdAt: now, updatedAt: now })
          .execute();
    }
  },
});
