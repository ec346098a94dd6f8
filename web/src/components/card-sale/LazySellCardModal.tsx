import { lazyDialog } from '../lazy-dialog.tsx';

/**
 * 售卡 loaded when first opened: 售卡记录 and a client's 卡项 tab do not download its form, card search and schema
 * before the merchant clicks 售卡. Same props as SellCardModal.
 */
export const LazySellCardModal = lazyDialog(
  () => import('./SellCardModal.tsx'),
  (m) => m.SellCardModal,
);
