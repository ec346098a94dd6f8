/** What the platform's 提现审核 reads of withdrawals: every merchant's, with the merchant's name and the card's branch. */
export { auditPage } from './finance.repo.ts';
