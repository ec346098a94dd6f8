import { specLabel } from '@jz/contracts/constants/goods-pricing';

/**
 * How an order's goods read on the order pages (docs/goods-specifications.md §3): the goods, the specification and
 * the quantity as the server labels it (quantityLabel) — '日常保洁 · 3小时 × 1', '开荒保洁 · 61–90㎡ · 85 平方米'. An
 * order placed before specifications reads as it did: '日常保洁 × 2次'.
 */
export function goodsLine(o: OrderGoods) {
  const { what, amount } = goodsParts(o);
  return `${what} ${amount}`;
}

type OrderGoods = { goodsName: string; specName: string | null; quantityLabel: string; unit?: string | null };

/**
 * goodsLine in two parts, so a narrow column can cut the name and keep the quantity: '日常保洁 · 3小时' + '× 1'. A
 * specification that only names its unit (the migrated '1小时', '1平方米') is left out: '钟点工 · 3 小时'.
 */
export function goodsParts(o: OrderGoods) {
  const spec = specLabel(o);
  const what = spec ? `${o.goodsName} · ${spec}` : o.goodsName;
  if (o.quantityLabel.startsWith('×')) return { what, amount: o.quantityLabel };
  return { what, amount: o.specName ? `· ${o.quantityLabel}` : `× ${o.quantityLabel}` };
}

/** The job's length: '3 小时', '90 分钟', '2 小时 30 分钟', '26 天'. */
export function minutesLabel(m: number | null) {
  if (m === null) return '-';
  if (m >= 1440 && m % 1440 === 0) return `${m / 1440} 天`;
  if (m < 60) return `${m} 分钟`;
  return m % 60 === 0 ? `${m / 60} 小时` : `${Math.floor(m / 60)} 小时 ${m % 60} 分钟`;
}
