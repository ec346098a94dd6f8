import { fuwuApi } from '@jz/contracts/api/fuwu';
import type { BodyInputOf } from '@jz/contracts/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const serviceCategoryAdminKeys = {
  all: ['fuwu'] as const,
  tree: (name: string) => ['fuwu', 'admin', name] as const,
};

export type ServiceCategoryInput = BodyInputOf<typeof fuwuApi.add>;

/** The platform's category tree, filtered by name (matches keep their parents). */
export const useServiceCategoryAdminTree = (name: string) =>
  useQuery({
    queryKey: serviceCategoryAdminKeys.tree(name),
    queryFn: () => callContract(fuwuApi.tree, { query: { name } }, { quiet: true }),
  });

/** Category mutations; each refreshes every category query (the merchants' pickers included). */
export function useServiceCategoryMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: serviceCategoryAdminKeys.all });
  return {
    save: useMutation({
      mutationFn: ({ id, ...v }: ServiceCategoryInput & { id?: number }) =>
        id ? callContract(fuwuApi.edit, { body: { ...v, id } }) : callContract(fuwuApi.add, { body: v }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: number) => callContract(fuwuApi.remove, { params: { ids: [id] } }),
      onSuccess: done,
    }),
  };
}
