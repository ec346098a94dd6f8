import { importFlowApi } from './import-flow.ts';

/**
 * 商品批量导入 with specifications (docs/import.md): one row per specification, consecutive rows with the
 * same 商品名称 are one item; created 下架 in the caller's current shop.
 */
export const goodsImportApi = importFlowApi(
  '/api/app/jiazheng/shangjia/shangpin/import',
  'merchant:goods:add',
  '商品',
  '商品管理',
);
