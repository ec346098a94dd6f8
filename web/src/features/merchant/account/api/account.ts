import { accountApi } from '@jz/contracts/api/account';
import { userApi } from '@jz/contracts/api/user';
import type { BodyInputOf } from '@jz/contracts/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callContract } from '../../../../lib/contract-client.ts';
import { profileQuery } from '../../../../lib/queries.ts';

export const accountKeys = { mine: ['account', 'mine'] as const };

export const useMyAccount = () =>
  useQuery({ queryKey: accountKeys.mine, queryFn: () => callContract(accountApi.mine, {}, { quiet: true }) });

/** After a change of name, avatar, password or phone: the account page and the header's profile reload. */
function useRefresh() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: accountKeys.mine }),
      qc.invalidateQueries({ queryKey: profileQuery.queryKey }),
    ]);
}

export const sendPasswordCode = () => callContract(userApi.passwordCode, {});
export const sendOldPhoneCode = () => callContract(accountApi.sendOldPhoneCode, {});
export const verifyOldPhone = (code: string) => callContract(accountApi.verifyOldPhone, { body: { code } });
export const sendNewPhoneCode = (phone: string) => callContract(accountApi.sendNewPhoneCode, { body: { phone } });

/**
 * The signed-in user's own login name, nickname, avatar, password and phone. Nickname, avatar and password are the
 * toolkit's own-profile calls (userApi), unchanged for merchants.
 */
export function useAccountMutations() {
  const refresh = useRefresh();
  return {
    editLoginName: useMutation({
      mutationFn: (loginName: string) => callContract(accountApi.editLoginName, { body: { loginName } }),
      onSuccess: refresh,
    }),
    editNickName: useMutation({
      mutationFn: (nickName: string) => callContract(userApi.editProfile, { body: { nickName } }),
      onSuccess: refresh,
    }),
    editAvatar: useMutation({
      mutationFn: (headUrl: string) => callContract(userApi.avatar, { body: { headUrl } }),
      onSuccess: refresh,
    }),
    editPassword: useMutation({
      mutationFn: (body: BodyInputOf<typeof userApi.editPassword>) => callContract(userApi.editPassword, { body }),
      onSuccess: refresh,
    }),
    editPhone: useMutation({
      mutationFn: (body: BodyInputOf<typeof accountApi.editPhone>) => callContract(accountApi.editPhone, { body }),
      onSuccess: refresh,
    }),
  };
}
