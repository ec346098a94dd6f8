import type { CardProductRow } from '@jz/contracts/card';
import { formatYuan } from '../../lib/format.ts';

/** What a product holds, in words: 10 次 · 日常保洁（2 小时） or 储值 ¥1,000.00 + 赠 ¥100.00. */
export function productContent(
  p: Pick<CardProductRow, 'kind' | 'visits' | 'goodsName' | 'specName' | 'price' | 'bonus'>,
) {
  if (p.kind === 'times')
    return `${p.visits ?? 0} 次 · ${p.goodsName ?? '已删除的商品'}${p.specName ? `（${p.specName}）` : ''}`;
  return `储值 ${formatYuan(p.price)}${p.bonus ? ` + 赠 ${formatYuan(p.bonus)}` : ''}`;
}
