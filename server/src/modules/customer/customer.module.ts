import { defineModule } from '../types.ts';
import { customerRoutes } from './customer.routes.ts';

/** The customer side of the marketplace: sign in, order, pay, read the verification code, review. */
export default defineModule({
  name: 'customer',
  order: 87,
  routes: customerRoutes,
});
