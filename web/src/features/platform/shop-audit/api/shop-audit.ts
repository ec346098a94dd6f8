import { shopAuditApi } from '@jz/contracts/api/shop-audit';
import { shopApi } from '@jz/contracts/api/shop';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const auditKeys = { list: ['platform', 'shops'] as const };

// The list is the shop module's search (platform: every shop).
export const getAllShopsPage = (query: QueryInputOf<typeof shopApi.search>) =>
  callContract(shopApi.search, { query }, { quiet: true });

export const useAuditShop = (id: number | undefined) =>
  useQuery({
    queryKey: ['platform', 'shop', id],
    enabled: !!id,
    queryFn: () => callContract(shopAuditApi.detail, { params: { id: id! } }, { quiet: true }),
  });

export function useShopAuditMutations() {
  const qc = useQueryClient();
  return {
    audit: useMutation({
      mutationFn: (body: BodyInputOf<typeof shopAuditApi.audit>) => callContract(shopAuditApi.audit, { body }),
      onSuccess: () => qc.invalidateQueries({ queryKey: ['platform'] }),
    }),
  };
}
