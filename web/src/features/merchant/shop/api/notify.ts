import { notifyApi } from '@jz/contracts/api/notify';
import type { NotifyEvent } from '@jz/contracts/constants/notify';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

const key = ['merchant', 'notify', 'switches'] as const;

/** The merchant's 短信通知 switches: one per event (customer and staff messages), on unless turned off. */
export const useNotifySwitches = () =>
  useQuery({ queryKey: key, queryFn: () => callContract(notifyApi.switches, {}, { quiet: true }) });

export function useSetNotifySwitch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { event: NotifyEvent; enabled: boolean }) =>
      callContract(notifyApi.setSwitch, { body: { event: b.event, enabled: b.enabled ? 1 : 0 } }),
    onSuccess: (list) => qc.setQueryData(key, list),
  });
}
