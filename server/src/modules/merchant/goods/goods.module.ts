import { defineModule } from '../../types.ts';
import { goodsRoutes } from './goods.routes.ts';
import { seedGoodsDemo, seedGoodsDicts } from './goods.seed.ts';

/** Goods (商品): the current shop's bookable service items, and the customer-side listings. */
export default defineModule({
  name: 'goods',
  order: 42,
  routes: goodsRoutes,
  seed: seedGoodsDicts,
  seedDemo: seedGoodsDemo,
});
