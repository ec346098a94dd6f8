import { withdrawAuditBody, withdrawAuditQuery } from '@jz/contracts/finance';
import { ok } from '../../../lib/envelope.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { auditPage } from '../../merchant/finance/finance.repo.ts';
import { reviewWithdrawal } from '../../merchant/finance/withdraw.service.ts';
import { defineModule } from '../../types.ts';

/**
 * 提现审核 in the platform toolkit (issue 8): every merchant's withdrawals; approve (paid through the payout
 * provider, the sandbox by default) or reject with a reason (the money goes back to the merchant's balance).
 */
export default defineModule({
  name: 'withdraw-audit',
  order: 81,
  routes(app) {
    const base = '/tmpl/api/app/jiazheng/caiwu/tixian';
    app.get(
      `${base}/shenhe/findAllByPage`,
      { schema: { querystring: withdrawAuditQuery }, config: { perm: 'sys:withdraw:list' } },
      async (req) => ok(await auditPage(app.db, req.query), 'ok'),
    );
    app.post(
      `${base}/shenhe`,
      {
        schema: { body: withdrawAuditBody },
        config: { perm: 'sys:withdraw:audit', oplog: { title: '提现审核', type: 'edit' } },
      },
      async (req) => {
        const user = currentUser(req);
        const w = await reviewWithdrawal(app.db, {
          id: req.body.id,
          pass: req.body.pass === 1,
          remark: req.body.remark,
          auditorId: user.id,
        });
        const message =
          w.status === 30
            ? '已打款到账'
            : w.status === 50
              ? `打款失败，金额已退回：${w.failReason}`
              : '已驳回，金额已退回商家';
        return ok(w, message);
      },
    );
  },
});
