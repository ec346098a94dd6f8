import { ok } from '../../../lib/envelope.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { defineModule } from '../../types.ts';
import { findUserInfo } from './user.repo.ts';
import { seedAdmin } from './user.seed.ts';

export default defineModule({
  name: 'user',
  order: 30,
  seed: ({ db }) => seedAdmin(db, process.env.ADMIN_PHONE || '13800000000'),
  routes(app) {
    app.get('/tmpl/api/sys/user/findProfile', { config: { signedIn: true } }, async (req) =>
      ok(await findUserInfo(app.db, currentUser(req).id), 'ok'),
    );
  },
});
