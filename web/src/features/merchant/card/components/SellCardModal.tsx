// The dialog is shared with 客户详情 (its 卡项 tab), so it lives in components/card-sale.
export { SellCardModal } from '../../../../components/card-sale/SellCardModal.tsx';
