import { fuwuApi } from '@jz/contracts/api/fuwu';
import type { Fuwu } from '@jz/contracts/fuwu';
import { useQuery } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

/** The platform's enabled categories as a tree (fuwu/weapp/findSelectFuwu). */
export const useServiceCategorySelectTree = () =>
  useQuery({
    queryKey: ['fuwu', 'tree'],
    queryFn: () => callContract(fuwuApi.selectTree, {}, { quiet: true }),
    staleTime: 5 * 60_000,
  });

/** antd TreeSelect nodes from the category tree. */
export interface ServiceCategoryTreeNode {
  title: string;
  value: number;
  children?: ServiceCategoryTreeNode[];
}
export const serviceCategoryTreeData = (list: Fuwu[] = []): ServiceCategoryTreeNode[] =>
  list.map((f) => ({
    title: f.name,
    value: f.id,
    ...(f.children?.length ? { children: serviceCategoryTreeData(f.children) } : {}),
  }));

export function serviceCategoryNameMap(list: Fuwu[] = []) {
  const out = new Map<number, string>();
  const walk = (l: Fuwu[]) => {
    for (const f of l) {
      out.set(f.id, f.name);
      if (f.children) walk(f.children);
    }
  };
  walk(list);
  return out;
}
