import { staffApi } from '@jz/contracts/api/staff';
import type { StaffJob } from '@jz/contracts/staff';
import { useSyncExternalStore } from 'react';
import { staffCall } from './api/client.ts';
import { updateCachedJob } from './offline/job-cache.ts';
import { type QueuedStep, StepQueue } from './offline/step-queue.ts';

/** The page's one step queue (offline/step-queue.ts): sends each step through its contract. */

const CONTRACTS = {
  depart: staffApi.depart,
  arrive: staffApi.arrive,
  start: staffApi.start,
  finish: staffApi.finish,
} as const;

export function sendStep(s: QueuedStep): Promise<StaffJob> {
  // The four contracts share params and answer; their bodies differ only in the fields carried in `body`.
  return staffCall(CONTRACTS[s.kind] as typeof staffApi.depart, {
    params: { orderId: s.orderId },
    body: { ...s.body, at: s.at, stepId: s.stepId },
  });
}

const jobListeners = new Set<(job: StaffJob) => void>();
/** Pages showing a job hear when a step's answer changed it. */
export function onJobAnswered(fn: (job: StaffJob) => void) {
  jobListeners.add(fn);
  return () => {
    jobListeners.delete(fn);
  };
}

export const steps = new StepQueue(sendStep, (job) => {
  updateCachedJob(job);
  for (const fn of jobListeners) fn(job);
});

export const useSteps = () => useSyncExternalStore(steps.subscribe, steps.state);

/** Whether the browser says it is online (it may still lack a working connection). */
export function useOnline() {
  return useSyncExternalStore(
    (fn) => {
      window.addEventListener('online', fn);
      window.addEventListener('offline', fn);
      return () => {
        window.removeEventListener('online', fn);
        window.removeEventListener('offline', fn);
      };
    },
    () => navigator.onLine,
  );
}
