import { defineModule } from '../../types.ts';
import { seedGoodsSpecDemo } from './goods.seed.ts';

/**
 * The demo goods' real specification lists (2/3/4 小时, 面积段, 按㎡ with a minimum charge, appliances, 26/42 天),
 * seeded after the demo orders (order 85): those are placed without choosing a specification.
 */
export default defineModule({
  name: 'goods-demo-specs',
  order: 95,
  seedDemo: seedGoodsSpecDemo,
});
