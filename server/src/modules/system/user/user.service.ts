/**
 * What other modules use of users: the platform's 商家用户 list, and a merchant account's own password change
 * (merchant/account). They reach it here, not through the repository.
 */
export { pageMerchantUsers, revokeOtherSessions, setPasswordHash } from './user.admin.repo.ts';
