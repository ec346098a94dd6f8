import type { Banner } from '@jz/contracts/banner';
import type { Page } from '@jz/contracts/envelope';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

export const bannerKeys = { all: ['platform', 'banner'] as const };
export const getBannerPage = (params: object) =>
  api.get<Page<Banner>>('/api/app/lunbotu/findAllByPage', params, { quiet: true });

export type BannerInput = Pick<Banner, 'title' | 'imageUrl' | 'position' | 'sort' | 'status'> & {
  linkUrl?: string | null;
  startAt?: string | null;
  endAt?: string | null;
};

const form = (v: Partial<BannerInput>) => ({
  ...v,
  linkUrl: v.linkUrl ?? '',
  startAt: v.startAt ?? '',
  endAt: v.endAt ?? '',
});

export function useBannerMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: bannerKeys.all });
  return {
    add: useMutation({ mutationFn: (v: BannerInput) => api.post('/api/app/lunbotu/add', form(v)), onSuccess: done }),
    edit: useMutation({
      mutationFn: (v: Partial<BannerInput> & { id: number }) =>
        api.post('/api/app/lunbotu/edit', 'title' in v ? form(v) : v),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => api.del(`/api/app/lunbotu/delByIds/${ids.join(',')}`),
      onSuccess: done,
    }),
  };
}
