import type { CourierDetail, CourierOrder, CourierSenderDefault } from '@jz/contracts/courier';
import type { Page } from '@jz/contracts/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

const base = '/api/app/jiazheng/kuaidi';
export const courierKeys = { all: ['merchant', 'courier'] as const };

export const getCourierPage = (params: object) =>
  api.get<Page<CourierOrder>>(`${base}/findAllByPage`, params, { quiet: true });
export const getCourier = (id: number) => api.get<CourierDetail>(`${base}/findById/${id}`, undefined, { quiet: true });
export const getSenderDefault = () =>
  api.get<CourierSenderDefault>(`${base}/senderDefault`, undefined, { quiet: true });

export function useCourierMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: courierKeys.all });
  return {
    add: useMutation({
      mutationFn: (v: Record<string, unknown>) => api.post<{ id: number; trackingNo: string }>(`${base}/add`, v),
      onSuccess: done,
    }),
    cancel: useMutation({
      mutationFn: (v: { id: number; reason: string }) => api.post(`${base}/cancel`, v),
      onSuccess: done,
    }),
  };
}
