import type { OrderTimelineItem } from '@jz/contracts/order';

const WHO: Record<OrderTimelineItem['operatorType'], string> = {
  merchant: '商家',
  customer: '客户',
  system: '系统',
  staff: '员工',
};

/**
 * One timeline line's action and who did it. The customer has one name on the whole order: 客户 (the list's column,
 * 客户与服务, 客户手机) and the order's contact name (联系人). The server writes its customer steps as 用户下单 /
 * 用户支付 / 用户评价 by the account's nickname (王家) while the order names 王女士: shown here as 客户下单 … 客户：王女士.
 */
export function timelineLine(x: Pick<OrderTimelineItem, 'action' | 'operatorType' | 'operatorName'>, customer: string) {
  const isCustomer = x.operatorType === 'customer';
  return {
    action: x.action.replace(/^用户/, '客户'),
    who: `${WHO[x.operatorType]}：${isCustomer ? customer : x.operatorName}`,
  };
}
