import type { StaffJob } from '@jz/contracts/staff';
import type { JobStep } from '@jz/contracts/constants/staff';
import { NETWORK, StaffApiError } from '../api/client.ts';

/**
 * The steps she takes (出发, 到达, 开始服务, 完成), sent through a queue kept in local storage. A tap writes its entry
 * first, with the time it was taken (`at`) and a `stepId` made once for that tap, then sends it. Without an answer
 * (offline, a timeout, a server error) the entry stays, shown as 待同步, and is sent again when the browser says it is
 * online and on a back-off timer. The server does each stepId once and answers a repeat alike, so a retry after a
 * lost answer never takes a step twice. An entry leaves the queue only when the server took it, or refused it for good
 * (out of order, a wrong code…): then it moves to the refused list, which the page shows until she dismisses it.
 */

export type StepKind = 'depart' | 'arrive' | 'start' | 'finish';

/** The step a job reaches once each kind is taken. */
export const STEP_AFTER: Record<StepKind, JobStep> = {
  depart: 'departed',
  arrive: 'arrived',
  start: 'serving',
  finish: 'done',
};

export interface QueuedStep {
  stepId: string;
  orderId: number;
  kind: StepKind;
  /** ISO instant of the tap. */
  at: string;
  /** The call's body besides `at` and `stepId`. */
  body: Record<string, unknown>;
  tries: number;
}

export interface RefusedStep extends QueuedStep {
  refusal: string;
}

/** Sends one step; resolves with the job as the server answers it. */
export type StepSender = (step: QueuedStep) => Promise<StaffJob>;

const QUEUE = 'jz-staff-queue';
const REFUSED = 'jz-staff-refused';
/** Answers after which the same call may succeed later: no answer, the session ended, a server fault, a rate limit. */
const RETRYABLE = new Set([NETWORK, 401, 500, 502, 503, 2004]);
const MAX_BACKOFF_MS = 60_000;

const read = <T>(key: string): T[] => {
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
};
const write = (key: string, v: unknown[]) => {
  try {
    localStorage.setItem(key, JSON.stringify(v));
  } catch {
    // Storage full: the entry lives in memory until the page closes.
  }
};

/** A key unique to one tap (the contract allows 8–64 of [A-Za-z0-9_-]). */
export function newStepId() {
  const c = globalThis.crypto;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export class StepQueue {
  private queue: QueuedStep[] = read(QUEUE);
  private refusedList: RefusedStep[] = read(REFUSED);
  private listeners = new Set<() => void>();
  private flushing: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private snapshot = { pending: this.queue, refused: this.refusedList };

  constructor(
    private send: StepSender,
    /** Each step the server took, with the job it answered. */
    private onSent: (job: StaffJob, step: QueuedStep) => void = () => {},
  ) {}

  /** The queue as the page shows it (a stable object between changes, for useSyncExternalStore). */
  state = () => this.snapshot;

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => {
      this.listeners.delete(fn);
    };
  };

  private changed() {
    write(QUEUE, this.queue);
    write(REFUSED, this.refusedList);
    this.snapshot = { pending: [...this.queue], refused: [...this.refusedList] };
    for (const fn of this.listeners) fn();
  }

  /** Records one tap and tries to send it at once. Resolves when this attempt ends (sent, queued or refused). */
  take(orderId: number, kind: StepKind, body: Record<string, unknown> = {}, now = Date.now()) {
    const step: QueuedStep = { stepId: newStepId(), orderId, kind, at: new Date(now).toISOString(), body, tries: 0 };
    this.queue.push(step);
    this.changed();
    return this.flush().then(() => step);
  }

  /** Whether the step is still waiting (not sent, not refused). */
  isPending = (stepId: string) => this.queue.some((s) => s.stepId === stepId);
  refusalOf = (stepId: string) => this.refusedList.find((s) => s.stepId === stepId)?.refusal;

  dismiss(stepId: string) {
    this.refusedList = this.refusedList.filter((s) => s.stepId !== stepId);
    this.changed();
  }

  /** Sends what waits, oldest first, one at a time (one flush at a time: a step is never in flight twice). */
  flush(): Promise<void> {
    this.flushing ??= this.drain().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async drain() {
    clearTimeout(this.timer);
    this.timer = undefined;
    while (this.queue.length) {
      const step = this.queue[0];
      try {
        const job = await this.send(step);
        this.queue.shift();
        this.changed();
        this.onSent(job, step);
      } catch (e) {
        const code = e instanceof StaffApiError ? e.code : NETWORK;
        if (RETRYABLE.has(code)) {
          step.tries += 1;
          this.changed();
          // 2 s, 4 s, 8 s… at most a minute; the online event cuts the wait short.
          if (code !== 401) this.timer = setTimeout(() => void this.flush(), this.backoff(step.tries));
          return;
        }
        this.queue.shift();
        this.refusedList.push({ ...step, refusal: e instanceof Error ? e.message : '操作被拒绝' });
        this.changed();
      }
    }
  }

  private backoff = (tries: number) => Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(tries, 6));

  /** Sends again whenever the browser is back online; returns the stop function. */
  watchOnline() {
    const go = () => void this.flush();
    window.addEventListener('online', go);
    return () => window.removeEventListener('online', go);
  }

  /** Forgets everything (sign-out). */
  clear() {
    clearTimeout(this.timer);
    this.queue = [];
    this.refusedList = [];
    this.changed();
  }
}

/** The job as the page shows it: the server's copy with the steps still waiting in the queue applied. */
export function withPending(job: StaffJob, pending: QueuedStep[]) {
  const mine = pending.filter((s) => s.orderId === job.orderId);
  const shown = { ...job };
  for (const s of mine) {
    shown.step = STEP_AFTER[s.kind];
    if (s.kind === 'depart') shown.departedAt ??= s.at;
    if (s.kind === 'arrive') shown.arrivedAt ??= s.at;
    if (s.kind === 'start') shown.startedAt ??= s.at;
    if (s.kind === 'finish') shown.finishedAt ??= s.at;
  }
  return { job: shown, waiting: mine };
}
