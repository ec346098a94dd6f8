import { feedbackApi as c } from '@jz/contracts/api/feedback';
import { ok } from '../../../lib/envelope.ts';
import { forbidden } from '../../../lib/errors.ts';
import { route } from '../../../lib/route.ts';
import { currentUser } from '../../../plugins/auth.ts';
import type { App } from '../../types.ts';
import * as repo from './feedback.repo.ts';

/** Feedback routes, registered from their contracts (packages/contracts/src/api/feedback.ts). */
export function feedbackRoutes(app: App) {
  route(app, c.page, async (req) => ok(await repo.pageFeedback(app.db, req.query), 'ok'));
  route(app, c.handle, async (req) => {
    await repo.handleFeedback(app.db, req.body.id, currentUser(req).id, req.body.reply);
    return ok(null, '已处理');
  });

  // Merchant side: send feedback, follow the merchant's own.
  route(app, c.add, async (req) => {
    const me = currentUser(req);
    if (me.userType !== 'merchant' || me.merchantId === null) throw forbidden('只有商家账号可以提交反馈');
    return ok(
      await repo.addFeedback(app.db, { ...req.body, userId: me.id, merchantId: me.merchantId }),
      '反馈已提交，感谢您的建议',
    );
  });
  route(app, c.minePage, async (req) => {
    const me = currentUser(req);
    if (me.userType !== 'merchant' || me.merchantId === null) throw forbidden('只有商家账号可以查看');
    return ok(await repo.pageMine(app.db, me.merchantId, req.query), 'ok');
  });
}
