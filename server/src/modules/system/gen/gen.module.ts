import { defineModule } from '../../types.ts';
import { genRoutes } from './gen.routes.ts';

/** 代码生成 — from a database table to a vertical slice of this project (templates/*.eta). */
export default defineModule({
  name: 'gen',
  order: 95,
  routes: genRoutes,
});
