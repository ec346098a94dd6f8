import { notifyApi } from '@jz/contracts/api/notify';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';
import { orderKeys } from './order.ts';

/** An order's messages to the customer and staff (SMS); under the order root, so a transition refreshes them. */
export const messageKeys = { order: (id: number) => [...orderKeys.all, 'messages', id] as const };

export const useOrderMessages = (orderId: number) =>
  useQuery({
    queryKey: messageKeys.order(orderId),
    queryFn: () => callContract(notifyApi.orderMessages, { query: { orderId } }, { quiet: true }),
  });

/** 重发: the message is queued again as a new row; the list refreshes. */
export function useResendMessage(orderId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callContract(notifyApi.resend, { body: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: messageKeys.order(orderId) }),
  });
}
