import type { Certificate } from '@jz/contracts/employee';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { employeeKeys } from './get-employee-page.ts';

const base = '/api/app/jiazheng/yuangong';

/** The form's values as the API takes them (arrays travel as JSON strings in the form body). */
export interface EmployeeInput {
  name: string;
  phone: string;
  gender: number;
  birthDate?: string;
  avatarUrl?: string;
  idCardNo?: string;
  idCardFrontUrl?: string;
  idCardBackUrl?: string;
  nativePlace?: string;
  workYears?: number;
  skills: string[];
  fuwuIds: number[];
  certificates: Certificate[];
  intro?: string;
  shopId?: number;
}

/** add / edit / work state / delete; each invalidates the list and the details. */
export function useEmployeeMutations() {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: employeeKeys.all });
  return {
    add: useMutation({ mutationFn: (v: EmployeeInput) => api.post<{ id: number }>(`${base}/add`, v), onSuccess: done }),
    edit: useMutation({
      mutationFn: (v: Partial<EmployeeInput> & { id: number }) => api.post(`${base}/edit`, v),
      onSuccess: done,
    }),
    setWorkState: useMutation({
      mutationFn: (v: { id: number; workState: number }) => api.post(`${base}/edit`, v),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => api.del(`${base}/delByIds/${ids.join(',')}`),
      onSuccess: done,
    }),
  };
}
