import type { Page } from '@jz/contracts/envelope';
import type { ShopInfo, ShopSetting } from '@jz/contracts/shop';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const BASE = '/api/app/jiazheng/shangjia/info';
export const auditKeys = { list: ['platform', 'shops'] as const };

export const getAllShopsPage = (params: object) =>
  api.get<Page<ShopInfo>>(`${BASE}/search/findAllByPage`, params, { quiet: true });
export const useAuditShop = (id: number | undefined) =>
  useQuery({
    queryKey: ['platform', 'shop', id],
    enabled: !!id,
    queryFn: () =>
      api.get<ShopInfo & { setting: ShopSetting }>(`${BASE}/audit/findById/${id}`, undefined, { quiet: true }),
  });

export function useAuditMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; auditStatus: 1 | 2; auditRemark?: string }) => api.post(`${BASE}/audit`, v),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['platform'] }),
  });
}
