import type { Page } from '@jz/contracts/envelope';
import type { Message, MessageType } from '@jz/contracts/message';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { MESSAGE_KEYS, notifyMessagesChanged } from '../../../../components/message-bell/unread.ts';

const BASE = '/api/app/jiazheng/xiaoxi';

export const getMessagePage = (params: object) =>
  api.get<Page<Message>>(`${BASE}/findAllByPage`, params, { quiet: true });

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
        api.post<{ updated: number }>(`${BASE}/setRead`, { ids: v.ids?.join(','), all: v.all, type: v.type }),
      onSuccess: done,
    }),
    /** Opening a message marks it read without a toast. */
    markOpened: useMutation({
      mutationFn: (id: number) =>
        api.post(`${BASE}/setRead`, { ids: String(id) }, { quiet: true, silentSuccess: true }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => api.del(`${BASE}/delByIds/${ids.join(',')}`),
      onSuccess: done,
    }),
  };
}
