import type { BankBranch } from '@jz/contracts/bank';
import type { Page } from '@jz/contracts/envelope';
import type { JinjianGerenBody, JinjianQiyeBody, JinjianState, JinjianSubmitResult } from '@jz/contracts/jinjian';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';

const pay = '/api/app/jiazheng/pay/huifu';
const bank = '/api/app/jiazheng/huifu/bank';

export const jinjianKeys = { state: ['jinjian', 'state'] as const, branches: ['jinjian', 'branches'] as const };

/** GET jinjianQuery; while an application is 审核中 it is asked again every 3 s, so the page follows the decision. */
export function useJinjianState() {
  return useQuery({
    queryKey: jinjianKeys.state,
    queryFn: () => api.get<JinjianState>(`${pay}/jinjianQuery`, undefined, { quiet: true }),
    refetchInterval: (q) => (q.state.data?.status === 10 ? 3000 : false),
  });
}

export type GerenInput = Partial<Record<keyof JinjianGerenBody, string>>;
export type QiyeInput = Partial<Record<keyof JinjianQiyeBody, string>>;

export function useSubmitJinjian() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: jinjianKeys.state });
  return {
    geren: useMutation({
      mutationFn: (v: GerenInput) => api.post<JinjianSubmitResult>(`${pay}/jinjianGeren`, v),
      onSuccess: done,
    }),
    qiye: useMutation({
      mutationFn: (v: QiyeInput) => api.post<JinjianSubmitResult>(`${pay}/jinjianQiye`, v),
      onSuccess: done,
    }),
  };
}

/** GET huifu/bank/findYinhanghao: branches of a bank matching a keyword. */
export const searchBranches = (q: { bankName?: string; keyword?: string; pageNum?: number; pageSize?: number }) =>
  api.get<Page<BankBranch>>(`${bank}/findYinhanghao`, { pageNum: 1, pageSize: 20, ...q }, { quiet: true });

/** GET huifu/bank/findByYinhanghao: one branch by its 联行号. */
export const branchByCode = (code: string) =>
  api.get<BankBranch>(`${bank}/findByYinhanghao`, { code }, { quiet: true, silentError: true });
