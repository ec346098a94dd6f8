import type { Page } from '@jz/contracts/envelope';
import type { Resource } from '@jz/contracts/resource';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

export const resourceKeys = { all: ['sys', 'resource'] as const };

export const getResourcePage = (params: object) =>
  api.get<Page<Resource>>('/api/app/resource/findAllByPage', params, { quiet: true });

/** add (an https link) / rename / delete (the files go too); each refreshes the list. */
export function useResourceMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: resourceKeys.all });
  return {
    refresh: done,
    addLink: useMutation({
      mutationFn: (v: { name: string; url: string }) => api.post<{ id: number }>('/api/app/resource/add', v),
      onSuccess: done,
    }),
    rename: useMutation({
      mutationFn: (v: { id: number; name: string }) => api.post('/api/app/resource/edit', v),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => api.del(`/api/app/resource/delByIds/${ids.join(',')}`),
      onSuccess: done,
    }),
  };
}
