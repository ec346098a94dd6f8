import { z } from 'zod';
import {
  cardDetail,
  cardExportQuery,
  cardFlows,
  cardFlowsQuery,
  cardProductAddBody,
  cardProductEditBody,
  cardProductOnSaleBody,
  cardProductQuery,
  cardProductRow,
  cardQuery,
  cardRefundBody,
  cardRow,
  cardSellBody,
  cardSummary,
  customerBuyCardBody,
  customerCardProductQuery,
  customerCardQuery,
  customerCardRow,
  customerPayWithCardBody,
} from '../card.ts';
import { idParam, idsParam } from '../common.ts';
import { defineContract, idResult, noResult, pageOf } from '../contract.ts';
import { customerOrderRow } from '../customer.ts';

const products = '/api/app/jiazheng/shangjia/kaxiang';
const sales = '/api/app/jiazheng/shangjia/shouka';
const customer = '/api/app/jiazheng/customer/card';
const productLog = (type: 'add' | 'edit' | 'delete') => ({ title: '卡项管理', type });
const saleLog = (type: 'add' | 'edit' | 'export') => ({ title: '售卡记录', type });

/** Card products (卡项管理): 次卡 and 储值卡 of the caller's shops. */
export const cardProductApi = {
  page: defineContract({
    method: 'GET',
    path: `${products}/findAllByPage`,
    summary: '卡项分页列表（所管门店）',
    access: { perm: 'merchant:card:list', alsoPerms: ['merchant:cardsale:list'] },
    query: cardProductQuery,
    result: pageOf(cardProductRow),
  }),
  add: defineContract({
    method: 'POST',
    path: `${products}/add`,
    summary: '新增卡项（当前店铺）',
    access: { perm: 'merchant:card:add' },
    oplog: productLog('add'),
    body: cardProductAddBody,
    result: idResult,
  }),
  edit: defineContract({
    method: 'POST',
    path: `${products}/edit`,
    summary: '编辑卡项（已售出的卡不受影响：卡在售出时保存条款）',
    access: { perm: 'merchant:card:edit' },
    oplog: productLog('edit'),
    body: cardProductEditBody,
    result: noResult,
  }),
  setOnSale: defineContract({
    method: 'POST',
    path: `${products}/setShoumaiState/:id`,
    summary: '卡项上架或下架',
    access: { perm: 'merchant:card:edit' },
    oplog: productLog('edit'),
    params: idParam,
    body: cardProductOnSaleBody,
    result: noResult,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: `${products}/delByIds/:ids`,
    summary: '删除卡项（已售出的卡照常使用）',
    access: { perm: 'merchant:card:del' },
    oplog: productLog('delete'),
    params: idsParam,
    result: z.object({ deleted: z.number().int() }),
  }),
};

/** Sold cards (售卡记录): offline sales, the list, a card's movements, refunds, the 预收 figures. */
export const cardSaleApi = {
  sell: defineContract({
    method: 'POST',
    path: `${sales}/xianxia`,
    summary: '售卡：线下收款（现金、转账等），记录收款人与方式',
    access: { perm: 'merchant:cardsale:sell' },
    oplog: saleLog('add'),
    body: cardSellBody,
    result: idResult,
  }),
  page: defineContract({
    method: 'GET',
    path: `${sales}/findAllByPage`,
    summary: '售卡记录分页列表（所管门店）',
    access: { perm: 'merchant:cardsale:list' },
    query: cardQuery,
    result: pageOf(cardRow),
  }),
  detail: defineContract({
    method: 'GET',
    path: `${sales}/findById/:id`,
    summary: '卡详情与流水',
    access: { perm: 'merchant:cardsale:list' },
    params: idParam,
    result: cardDetail,
  }),
  summary: defineContract({
    method: 'GET',
    path: `${sales}/findHuizong`,
    summary: '预收汇总：收款、已确认收入、退款、预收余额',
    access: { perm: 'merchant:cardsale:list', alsoPerms: ['merchant:finance:ledger'] },
    result: cardSummary,
  }),
  flows: defineContract({
    method: 'GET',
    path: `${sales}/findLiushui`,
    summary: '预收流水：区间内售卡收款、用卡支付、确认收入、退卡退款与期初期末预收余额（所管门店）',
    access: { perm: 'merchant:cardsale:list', alsoPerms: ['merchant:finance:ledger'] },
    query: cardFlowsQuery,
    result: cardFlows,
  }),
  refund: defineContract({
    method: 'POST',
    path: `${sales}/tuika`,
    summary: '退卡：退还未使用部分（扣除卡项条款的手续费）',
    access: { perm: 'merchant:cardsale:refund' },
    oplog: saleLog('edit'),
    body: cardRefundBody,
    result: z.object({ refundAmount: z.number().int(), fee: z.number().int() }),
  }),
  export: defineContract({
    method: 'GET',
    path: `${sales}/export`,
    summary: '导出售卡记录',
    access: { perm: 'merchant:cardsale:export' },
    oplog: saleLog('export'),
    query: cardExportQuery,
    result: z.null(),
    raw: { kind: 'file', why: '导出 Excel 工作簿（xlsx）或 CSV 文件；被拒绝时返回 JSON 信封' },
  }),
};

/** The customer side: products on sale at a shop, buying one (paid at once), the cards held, paying an order with one. */
export const cardCustomerApi = {
  products: defineContract({
    method: 'GET',
    path: `${customer}/products`,
    summary: '顾客端：店铺在售的卡项',
    access: { public: true },
    query: customerCardProductQuery,
    result: z.array(cardProductRow.omit({ soldCount: true })),
  }),
  buy: defineContract({
    method: 'POST',
    path: `${customer}/buy`,
    summary: '顾客端：购买卡项并支付（沙箱，需 X-Customer-Token）',
    access: { public: true },
    oplog: { title: '客户购卡', type: 'add' },
    body: customerBuyCardBody,
    result: customerCardRow,
  }),
  mine: defineContract({
    method: 'GET',
    path: `${customer}/mine`,
    summary: '顾客端：我的卡（可按商家）',
    access: { public: true },
    query: customerCardQuery,
    result: z.array(customerCardRow),
  }),
  payOrder: defineContract({
    method: 'POST',
    path: `${customer}/payOrder`,
    summary: '顾客端：用卡支付订单（次卡扣一次，储值卡扣订单金额）',
    access: { public: true },
    oplog: { title: '客户用卡支付', type: 'edit' },
    body: customerPayWithCardBody,
    result: customerOrderRow,
  }),
};
