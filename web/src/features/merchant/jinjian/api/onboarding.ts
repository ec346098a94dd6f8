import { bankApi } from '@jz/contracts/api/bank';
import { jinjianApi } from '@jz/contracts/api/jinjian';
import type { BodyInputOf, QueryInputOf } from '@jz/contracts/contract';
import type { JinjianGerenBody, JinjianQiyeBody } from '@jz/contracts/jinjian';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';

export const onboardingKeys = { state: ['jinjian', 'state'] as const, branches: ['jinjian', 'branches'] as const };

/** GET jinjianQuery; while an application is 审核中 it is asked again every 3 s, so the page follows the decision. */
export function useOnboardingState() {
  return useQuery({
    queryKey: onboardingKeys.state,
    queryFn: () => callContract(jinjianApi.state, {}, { quiet: true }),
    refetchInterval: (q) => (q.state.data?.status === 10 ? 3000 : false),
  });
}

/** The step forms' values: every field as typed text (the server's schema parses and checks them). */
export type IndividualInput = Partial<Record<keyof JinjianGerenBody, string>>;
export type CompanyInput = Partial<Record<keyof JinjianQiyeBody, string>>;

/** Submit an individual (个人) or company (企业) application; each refreshes the onboarding state. */
export function useOnboardingMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: onboardingKeys.state });
  return {
    // The forms validated each field with the contract's own field schemas before submitting.
    submitIndividual: useMutation({
      mutationFn: (v: IndividualInput) =>
        callContract(jinjianApi.submitGeren, { body: v as BodyInputOf<typeof jinjianApi.submitGeren> }),
      onSuccess: done,
    }),
    submitCompany: useMutation({
      mutationFn: (v: CompanyInput) =>
        callContract(jinjianApi.submitQiye, { body: v as BodyInputOf<typeof jinjianApi.submitQiye> }),
      onSuccess: done,
    }),
  };
}

/** GET huifu/bank/findYinhanghao: branches of a bank matching a keyword. */
export const searchBranches = (q: QueryInputOf<typeof bankApi.search>) =>
  callContract(bankApi.search, { query: { pageNum: 1, pageSize: 20, ...q } }, { quiet: true });

/** GET huifu/bank/findByYinhanghao: one branch by its 联行号. */
export const branchByCode = (code: string) =>
  callContract(bankApi.byCode, { query: { code } }, { quiet: true, silentError: true });
