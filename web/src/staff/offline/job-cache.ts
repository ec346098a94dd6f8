import type { StaffJob } from '@jz/contracts/staff';

/**
 * The last jobs answer of each tab, kept in local storage so that the day's jobs stay readable without a connection
 * (a lift, a basement, no data left). Cleared with the session.
 */
const PREFIX = 'jz-staff-jobs:';

export interface CachedJobs {
  /** When the answer came (epoch ms). */
  savedAt: number;
  jobs: StaffJob[];
}

export function saveJobs(key: string, jobs: StaffJob[], now = Date.now()) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify({ savedAt: now, jobs } satisfies CachedJobs));
  } catch {
    // Storage full or disabled (private mode): the page still works online.
  }
}

export function loadJobs(key: string): CachedJobs | null {
  try {
    const v = JSON.parse(localStorage.getItem(PREFIX + key) ?? 'null');
    return v && Array.isArray(v.jobs) ? v : null;
  } catch {
    return null;
  }
}

function allEntries(): [string, CachedJobs][] {
  const out: [string, CachedJobs][] = [];
  for (const k of Object.keys(localStorage))
    if (k.startsWith(PREFIX)) {
      const v = loadJobs(k.slice(PREFIX.length));
      if (v) out.push([k.slice(PREFIX.length), v]);
    }
  return out;
}

/** The newest cached copy of one job (the detail page offline). */
export function loadJob(orderId: number): { job: StaffJob; savedAt: number } | null {
  let best: { job: StaffJob; savedAt: number } | null = null;
  for (const [, v] of allEntries()) {
    const job = v.jobs.find((j) => j.orderId === orderId);
    if (job && (!best || v.savedAt > best.savedAt)) best = { job, savedAt: v.savedAt };
  }
  return best;
}

/** A step's answer replaces the job in every cached list (so a reload offline shows it done). */
export function updateCachedJob(job: StaffJob) {
  for (const [key, v] of allEntries()) {
    const i = v.jobs.findIndex((j) => j.orderId === job.orderId);
    if (i < 0) continue;
    const jobs = [...v.jobs];
    jobs[i] = job;
    saveJobs(key, jobs, v.savedAt);
  }
}
