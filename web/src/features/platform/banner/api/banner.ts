import { bannerApi } from '@jz/contracts/api/banner';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const bannerKeys = { all: ['platform', 'banner'] as const };

export const getBannerPage = (query: QueryInputOf<typeof bannerApi.page>) =>
  callContract(bannerApi.page, { query }, { quiet: true });

/** The form's values: null link or window end means none. */
export type BannerInput = Omit<BodyInputOf<typeof bannerApi.add>, 'linkUrl' | 'startAt' | 'endAt'> & {
  linkUrl?: string | null;
  startAt?: string | null;
  endAt?: string | null;
};

// A form field cannot carry null: an empty string clears the link and the window.
const form = <V extends Partial<BannerInput>>(v: V) => ({
  ...v,
  linkUrl: v.linkUrl ?? '',
  startAt: v.startAt ?? '',
  endAt: v.endAt ?? '',
});

/** Banner mutations; each refreshes the platform's list. */
export function useBannerMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: bannerKeys.all });
  return {
    add: useMutation({
      mutationFn: (v: BannerInput) => callContract(bannerApi.add, { body: form(v) }),
      onSuccess: done,
    }),
    edit: useMutation({
      mutationFn: (v: Partial<BannerInput> & { id: number }) =>
        callContract(bannerApi.edit, { body: 'title' in v ? form(v) : v }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => callContract(bannerApi.remove, { params: { ids } }),
      onSuccess: done,
    }),
  };
}
