import { defineModule } from '../../types.ts';
import { withdrawAuditRoutes } from './withdraw-audit.routes.ts';

/**
 * 提现审核 in the platform toolkit: every merchant's withdrawals; approve (paid through the payout
 * provider, the sandbox by default) or reject with a reason (the money goes back to the merchant's balance).
 */
export default defineModule({
  name: 'withdraw-audit',
  order: 81,
  routes: withdrawAuditRoutes,
});
