/** What other modules use of customers: the order demo seed opens the sessions its demo customers order with. */
export { openCustomerSession } from './customer.repo.ts';
