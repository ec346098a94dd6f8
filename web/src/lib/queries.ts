import { menuApi } from '@jz/contracts/api/menu';
import { shopApi } from '@jz/contracts/api/shop';
import { userApi } from '@jz/contracts/api/user';
import { QueryClient, queryOptions } from '@tanstack/react-query';
import { callContract } from './contract-client.ts';
import { setPerms, setUserInfo } from './storage.ts';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

/** Session-wide data the guard loads before each route: profile, menus, button codes and the shop init. */
export const profileQuery = queryOptions({
  queryKey: ['session', 'profile'],
  queryFn: async () => {
    const u = await callContract(userApi.profile, {}, { quiet: true });
    setUserInfo(u);
    return u;
  },
  staleTime: 5 * 60_000,
});

export const menuQuery = queryOptions({
  queryKey: ['session', 'menus'],
  queryFn: () => callContract(menuApi.userTree, {}, { quiet: true }),
  staleTime: 5 * 60_000,
});

export const permQuery = queryOptions({
  queryKey: ['session', 'perms'],
  queryFn: async () => {
    const p = await callContract(menuApi.userPerms, {}, { quiet: true });
    setPerms(p);
    return p;
  },
  staleTime: 5 * 60_000,
});

export const initPcQuery = queryOptions({
  queryKey: ['session', 'initPc'],
  queryFn: () => callContract(shopApi.initPc, {}, { quiet: true }),
  staleTime: 30_000,
});

export function loadSession() {
  return Promise.all([
    queryClient.ensureQueryData(profileQuery),
    queryClient.ensureQueryData(menuQuery),
    queryClient.ensureQueryData(permQuery),
    queryClient.ensureQueryData(initPcQuery),
  ]);
}
