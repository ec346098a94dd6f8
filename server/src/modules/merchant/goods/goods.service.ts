/**
 * What other modules use of goods (they reach a module through its service, never its repository): 复制店铺商品
 * (the shop module) and the writes an import of goods rows uses (docs/goods-specifications.md §7). Each takes the
 * caller's transaction; see goods-spec.repo.ts for what each checks.
 */
export {
  copyShopGoods,
  type GoodsValues,
  insertGoodsWithSpecs,
  type SpecInput,
  type SpecScope,
  writeGoodsWithSpecs,
} from './goods-spec.repo.ts';
