import type { InitPc } from '@jz/contracts/auth';
import { z } from 'zod';
import { ok } from '../../../lib/envelope.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { defineModule } from '../../types.ts';
import { initPc, setCurrentShop } from './shop.repo.ts';

const EMPTY: InitPc = { curDianpu: null, allDianpu: [], isAddFendian: false, shangjiaInfoFuwuCount: 0 };

export default defineModule({
  name: 'shop',
  order: 40,
  routes(app) {
    /** Called by the web guard before each route; platform users have no shops and get the empty answer. */
    app.get('/tmpl/api/app/jiazheng/page/initPc', { config: { signedIn: true } }, async (req) => {
      if (currentUser(req).userType !== 'merchant') return ok(EMPTY, 'ok');
      return ok(await initPc(app.db, await tenantOf(app.db, req)), 'ok');
    });

    app.post(
      '/tmpl/api/app/jiazheng/shangjia/info/setCurDianpu',
      { schema: { body: z.object({ id: z.coerce.number().int().positive() }) }, config: { signedIn: true } },
      async (req) => {
        const t = await tenantOf(app.db, req);
        await setCurrentShop(app.db, t, req.body.id);
        return ok(await initPc(app.db, { ...t, shopId: req.body.id }), '已切换店铺');
      },
    );
  },
});
