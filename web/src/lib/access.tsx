import { SUPER_PERM } from '@jz/contracts/menu';
import type { ReactNode } from 'react';
import { getPerms } from './storage.ts';

/** docs/spec-notes.md#permissions: a button stays when the permitted list (session storage) holds `super` or its code. */
export function hasPerm(code: string | undefined) {
  if (!code) return true;
  const perms = getPerms();
  return perms.includes(SUPER_PERM) || perms.includes(code);
}

export const useHasPerm = () => hasPerm;

/** Renders children only for users holding `perm`; otherwise the element is removed (not just hidden). */
export function Auth({ perm, children }: { perm: string; children: ReactNode }): ReactNode {
  return hasPerm(perm) ? children : null;
}
