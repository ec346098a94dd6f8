import { defineModule } from '../../types.ts';
import { reviewRoutes } from './review.routes.ts';

/** 订单评价管理: customers' reviews of completed orders and the merchant's one reply per review. */
export default defineModule({
  name: 'review',
  order: 86,
  routes: reviewRoutes,
});
