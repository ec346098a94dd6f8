import type { MyAccount } from '@jz/contracts/account';
import type { UserInfo } from '@jz/contracts/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client.ts';
import { profileQuery } from '../../../../lib/queries.ts';

const base = '/api/merchant/account';
export const accountKeys = { mine: ['account', 'mine'] as const };

export const useMyAccount = () =>
  useQuery({ queryKey: accountKeys.mine, queryFn: () => api.get<MyAccount>(`${base}/mine`, {}, { quiet: true }) });

/** After a change of name, avatar, password or phone: the account page and the header's profile reload. */
function useRefresh() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: accountKeys.mine }),
      qc.invalidateQueries({ queryKey: profileQuery.queryKey }),
    ]);
}

export function useEditLoginName() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (loginName: string) => api.post<UserInfo>(`${base}/edit/loginName`, { loginName }),
    onSuccess: refresh,
  });
}

export function useEditNickName() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (nickName: string) => api.post<UserInfo>('/api/sys/user/edit/profile', { nickName }),
    onSuccess: refresh,
  });
}

export function useEditAvatar() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (headUrl: string) => api.post('/api/sys/user/avatar', { headUrl }),
    onSuccess: refresh,
  });
}

export const sendPasswordCode = () => api.post('/api/sys/user/edit/password/sendCode');
export function useEditPassword() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { oldPassword?: string; code?: string; newPassword: string }) =>
      api.post('/api/sys/user/edit/password', v),
    onSuccess: refresh,
  });
}

export const sendOldPhoneCode = () => api.post(`${base}/phone/sendOld`);
export const verifyOldPhone = (code: string) => api.post<{ ticket: string }>(`${base}/phone/verifyOld`, { code });
export const sendNewPhoneCode = (phone: string) => api.post(`${base}/phone/sendNew`, { phone });
export function useEditPhone() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { ticket: string; phone: string; code: string }) => api.post<UserInfo>(`${base}/phone/edit`, v),
    onSuccess: refresh,
  });
}
