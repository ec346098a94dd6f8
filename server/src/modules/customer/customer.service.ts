/**
 * What other modules use of customers: the order demo seed opens the sessions its demo customers order with; the card
 * module's customer calls (modules/merchant/card) authenticate the customer and answer the order as the customer sees it;
 * 周期服务 (modules/merchant/plan) finds or creates the account of a client's phone (ensureCustomer).
 */
export { customerByToken, customerOrder, ensureCustomer, openCustomerSession } from './customer.repo.ts';
