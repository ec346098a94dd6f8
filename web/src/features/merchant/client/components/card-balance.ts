import type { ClientCardBalance } from '@jz/contracts/client';
import { formatYuan } from '../../../../lib/format.ts';

/** 卡余额 in words: 次卡 9 次 · 储值 ¥1,100.00 (the parts it holds), or '-' without a valid card. */
export function cardBalanceText(b: ClientCardBalance | null) {
  if (!b) return '-';
  const parts: string[] = [];
  if (b.visits > 0) parts.push(`次卡 ${b.visits} 次`);
  if (b.value > 0) parts.push(`储值 ${formatYuan(b.value)}`);
  return parts.join(' · ') || `${b.cards} 张卡（已用完）`;
}
