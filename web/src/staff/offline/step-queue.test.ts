import { staffApi } from '@jz/contracts/api/staff';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setStaffTransport } from '../api/client.ts';
import { sendStep } from '../store.ts';
import { fakeStaffApi, job } from '../testing.ts';
import { StepQueue, withPending } from './step-queue.ts';

/** The offline step queue: a tap is kept with its time and key until the server took it or refused it for good. */
describe('StepQueue', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-12-01T00:30:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    setStaffTransport(undefined);
  });

  it('keeps a step taken offline with its time and stepId, and sends it once when the connection returns', async () => {
    const api = fakeStaffApi([
      [staffApi.depart, (c) => ({ result: job(7, { step: 'departed', departedAt: String(c.body?.at) }) })],
    ]);
    api.setOffline(true);
    const sent: number[] = [];
    const q = new StepQueue(sendStep, (j) => sent.push(j.orderId));
    const stop = q.watchOnline();
    const step = await q.take(7, 'depart');
    expect(q.isPending(step.stepId)).toBe(true);
    expect(step.at).toBe('2026-12-01T00:30:00.000Z');
    expect(step.stepId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // Survives a reload: the queue is in local storage.
    expect(new StepQueue(sendStep).state().pending.map((s) => s.stepId)).toEqual([step.stepId]);
    // Shown as taken, waiting.
    const shown = withPending(job(7), q.state().pending);
    expect(shown.job.step).toBe('departed');
    expect(shown.job.departedAt).toBe(step.at);
    expect(shown.waiting).toHaveLength(1);

    vi.setSystemTime(new Date('2026-12-01T00:45:00Z'));
    api.setOffline(false);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(q.state().pending).toHaveLength(0));
    // Sent once, with the tap's own time and key, not the time it went out.
    expect(api.of(staffApi.depart)).toHaveLength(1);
    expect(api.of(staffApi.depart)[0].body).toEqual({ at: '2026-12-01T00:30:00.000Z', stepId: step.stepId });
    expect(api.of(staffApi.depart)[0].url).toBe('/api/staff/jobs/7/depart');
    expect(sent).toEqual([7]);
    // Another online event or flush sends nothing more.
    window.dispatchEvent(new Event('online'));
    await q.flush();
    expect(api.of(staffApi.depart)).toHaveLength(1);
    stop();
  });

  it('retries with back-off after a lost answer, with the same stepId each time (the server does it once)', async () => {
    let n = 0;
    const api = fakeStaffApi([
      [staffApi.arrive, () => (++n < 3 ? 'offline' : { result: job(8, { step: 'arrived' }) })],
    ]);
    const q = new StepQueue(sendStep);
    const step = await q.take(8, 'arrive', { lat: 35.02, lng: 111.0, accuracy: 12 });
    expect(n).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(n).toBe(2);
    await vi.advanceTimersByTimeAsync(4000);
    expect(n).toBe(3);
    expect(q.state().pending).toHaveLength(0);
    const ids = new Set(api.calls.map((c) => c.body?.stepId));
    expect(ids).toEqual(new Set([step.stepId]));
    expect(api.calls[0].body).toMatchObject({ lat: 35.02, lng: 111.0, accuracy: 12 });
  });

  it('one flush at a time: two flushes while a step is in flight send it once', async () => {
    let release!: () => void;
    const api = fakeStaffApi([[staffApi.depart, () => ({ result: job(9, { step: 'departed' }) })]]);
    const q = new StepQueue(async (s) => {
      await new Promise<void>((r) => {
        release = r;
      });
      return sendStep(s);
    });
    const first = q.take(9, 'depart');
    void q.flush();
    void q.flush();
    release();
    await first;
    await q.flush();
    expect(api.of(staffApi.depart)).toHaveLength(1);
  });

  it('a definite refusal leaves the queue and is kept to show; later steps still go', async () => {
    const api = fakeStaffApi([
      [staffApi.start, { code: 2002, message: '核销码不正确' }],
      [staffApi.depart, { result: job(11, { step: 'departed' }) }],
    ]);
    api.setOffline(true);
    const q = new StepQueue(sendStep);
    const bad = await q.take(10, 'start', { code: '000000000000' });
    await q.take(11, 'depart');
    api.setOffline(false);
    await q.flush();
    expect(q.state().pending).toHaveLength(0);
    expect(q.refusalOf(bad.stepId)).toBe('核销码不正确');
    expect(q.state().refused.map((s) => s.orderId)).toEqual([10]);
    expect(api.of(staffApi.depart)).toHaveLength(1);
    q.dismiss(bad.stepId);
    expect(q.state().refused).toHaveLength(0);
  });

  it('a server fault or an ended session is not a refusal: the step stays', async () => {
    fakeStaffApi([[staffApi.depart, { code: 500, message: '服务器错误' }]]);
    const q = new StepQueue(sendStep);
    const s = await q.take(12, 'depart');
    expect(q.isPending(s.stepId)).toBe(true);
    expect(q.state().refused).toHaveLength(0);
  });
});
