import { WITHDRAW_STATUS } from '@jz/contracts/finance';
import { withdrawAuditApi as c } from '@jz/contracts/api/withdraw-audit';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { auditPage } from '../../merchant/finance/withdraw-audit.service.ts';
import { reviewWithdrawal } from '../../merchant/finance/withdraw.service.ts';
import type { App } from '../../types.ts';

/** Withdraw-audit routes, registered from their contracts (packages/contracts/src/api/withdraw-audit.ts). */
export function withdrawAuditRoutes(app: App) {
  route(app, c.page, async (req) => ok(await auditPage(app.db, req.query), 'ok'));
  route(app, c.review, async (req) => {
    const user = currentUser(req);
    const w = await reviewWithdrawal(app.db, {
      id: req.body.id,
      pass: req.body.pass === 1,
      remark: req.body.remark,
      auditorId: user.id,
    });
    const message =
      w.status === WITHDRAW_STATUS.PAID
        ? '已打款到账'
        : w.status === WITHDRAW_STATUS.FAILED
          ? `打款失败，金额已退回：${w.failReason}`
          : '已驳回，金额已退回商家';
    return ok(w, message);
  });
}
