import { messageApi } from '@jz/contracts/api/message';
import type { QueryInputOf } from '@jz/contracts/contract';
import type { MessageType } from '@jz/contracts/message';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGE_KEYS, notifyMessagesChanged } from '../../../../components/message-bell/unread.ts';
import { callContract } from '../../../../lib/contract-client.ts';

export const getMessagePage = (query: QueryInputOf<typeof messageApi.page>) =>
  callContract(messageApi.page, { query }, { quiet: true });

/** Mark read / delete; each refreshes the list and the header badge. */
export function useMessageMutations() {
  const qc = useQueryClient();
  const done = async () => {
    await qc.invalidateQueries({ queryKey: MESSAGE_KEYS.all });
    notifyMessagesChanged();
  };
  return {
    setRead: useMutation({
      mutationFn: (v: { ids?: number[]; all?: 1; type?: MessageType }) =>
        callContract(messageApi.setRead, { body: { ids: v.ids, all: v.all, type: v.type } }),
      onSuccess: done,
    }),
    /** Opening a message marks it read without a toast. */
    markOpened: useMutation({
      mutationFn: (id: number) =>
        callContract(messageApi.setRead, { body: { ids: [id] } }, { quiet: true, silentSuccess: true }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => callContract(messageApi.remove, { params: { ids } }),
      onSuccess: done,
    }),
  };
}
