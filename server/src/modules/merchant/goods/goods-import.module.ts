import { goodsImportApi } from '@jz/contracts/api/goods-import';
import { registerImportRoutes } from '../../../lib/import/import-flow.ts';
import { defineModule } from '../../types.ts';
import { goodsImporter } from './goods-import.ts';

/** 商品批量导入 with specifications: template, check, progress, confirm, error file (docs/import.md). */
export default defineModule({
  name: 'goods-import',
  order: 51,
  routes: (app) => registerImportRoutes(app, goodsImportApi, goodsImporter),
});
