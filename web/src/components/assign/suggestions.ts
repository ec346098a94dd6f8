import { dispatchApi } from '@jz/contracts/api/dispatch';
import type { SuggestResult } from '@jz/contracts/dispatch';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useConfirm } from '../confirm.ts';
import { callContract } from '../../lib/contract-client.ts';
import { formatShortDateTime } from '../../lib/format.ts';

type Suggestion = SuggestResult['suggestions'][number];

/**
 * The ranked suggestions for one order (GET paidan/suggest). Its key sits under 订单管理's root ['merchant', 'order']
 * (the board's dispatchKeys.suggest), so every order transition refreshes it.
 */
export const suggestKey = (orderId: number | null) => ['merchant', 'order', 'dispatch', 'suggest', orderId] as const;
const fetchSuggestions = (orderId: number) =>
  callContract(dispatchApi.suggest, { query: { orderId } }, { quiet: true });

export const useSuggestions = (orderId: number | null) =>
  useQuery({
    queryKey: suggestKey(orderId),
    queryFn: () => fetchSuggestions(orderId!),
    enabled: !!orderId,
    staleTime: 0,
  });

/**
 * The warning before a choice that leaves other paid orders with nobody: "选择张秀英后，订单 … 12-02 10:00 开荒保洁
 * 将没有可指派的员工". Null when the choice strands nothing.
 */
export function strandWarning(s: Pick<Suggestion, 'name' | 'strands' | 'strandCount'>): string | null {
  if (!s.strandCount && !s.strands.length) return null;
  const parts = s.strands.map(
    (o) => `订单 ${o.orderNo}（${formatShortDateTime(o.from)} ${o.goodsName}）将没有可指派的员工`,
  );
  const more = s.strandCount - s.strands.length;
  if (more > 0) parts.push(`同一时段的待派订单将有 ${more} 单无法全部派出`);
  return `选择${s.name}后，${parts.join('；')}。仍要指派吗？`;
}

/**
 * Asks before a choice made outside the list (a card dragged onto a row): the order's suggestions are fetched (or
 * read from the cache) and a stranding choice is confirmed. Resolves true to go on.
 */
export function useStrandCheck() {
  const qc = useQueryClient();
  const { confirmWarning } = useConfirm();
  return async (orderId: number, employeeId: number) => {
    const r = await qc
      .fetchQuery({ queryKey: suggestKey(orderId), queryFn: () => fetchSuggestions(orderId), staleTime: 5_000 })
      .catch(() => null);
    const s = r?.suggestions.find((x) => x.employeeId === employeeId);
    const warning = s ? strandWarning(s) : null;
    return warning ? confirmWarning(warning) : true;
  };
}
