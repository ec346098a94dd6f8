import type { Fuwu } from '@jz/contracts/fuwu';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

/** The platform's service categories (fuwu/weapp/findSelectFuwu), for the employee's service categories. */
export const useFuwuTree = () =>
  useQuery({
    queryKey: ['fuwu', 'tree'],
    queryFn: () => api.get<Fuwu[]>('/api/app/jiazheng/fuwu/weapp/findSelectFuwu', undefined, { quiet: true }),
    staleTime: 5 * 60_000,
  });

/** id -> name over the whole tree. */
export function fuwuNames(tree: Fuwu[] | undefined) {
  const out = new Map<number, string>();
  const walk = (list: Fuwu[]) => {
    for (const f of list) {
      out.set(f.id, f.name);
      if (f.children) walk(f.children);
    }
  };
  walk(tree ?? []);
  return out;
}
