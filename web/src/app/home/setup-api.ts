import { setupApi } from '@jz/contracts/api/setup';
import type { ResultOf } from '@jz/contracts/contract';
import { queryOptions } from '@tanstack/react-query';
import { hasPerm } from '../../lib/access.tsx';
import { callContract } from '../../lib/contract-client.ts';

export type SetupProgress = ResultOf<typeof setupApi.progress>;
export type SetupStep = SetupProgress['steps'][number];
export type SetupStepKey = SetupStep['key'];

export const setupKeys = { progress: ['merchant', 'setup', 'progress'] as const };

/** The first-day checklist (开店准备): fresh at every visit of the landing page, so a step done elsewhere ticks. */
export const setupProgressQuery = queryOptions({
  queryKey: setupKeys.progress,
  queryFn: () => callContract(setupApi.progress, {}, { quiet: true, silentError: true }),
  staleTime: 0,
});

/** Whether the caller may ask: a holder of any step page's code (the contract's access; the server refuses others). */
export function maySeeSetup() {
  const a = setupApi.progress.access;
  return 'perm' in a && [a.perm, ...(a.alsoPerms ?? [])].some((p) => hasPerm(p));
}
