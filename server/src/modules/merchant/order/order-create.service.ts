/** What other modules use to place an order: the customer's 下单 (customer.routes) creates it here. */
export { createOrder, slotsFor } from './order-create.repo.ts';
