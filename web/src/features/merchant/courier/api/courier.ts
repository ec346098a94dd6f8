import { courierApi } from '@jz/contracts/api/courier';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const courierKeys = { all: ['merchant', 'courier'] as const };

export const getCourierPage = (query: QueryInputOf<typeof courierApi.page>) =>
  callContract(courierApi.page, { query }, { quiet: true });
export const getCourier = (id: number) => callContract(courierApi.detail, { params: { id } }, { quiet: true });
export const getSenderDefault = () => callContract(courierApi.senderDefault, {}, { quiet: true });

export function useCourierMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: courierKeys.all });
  return {
    add: useMutation({
      mutationFn: (body: BodyInputOf<typeof courierApi.add>) => callContract(courierApi.add, { body }),
      onSuccess: done,
    }),
    cancel: useMutation({
      mutationFn: (body: BodyInputOf<typeof courierApi.cancel>) => callContract(courierApi.cancel, { body }),
      onSuccess: done,
    }),
  };
}
