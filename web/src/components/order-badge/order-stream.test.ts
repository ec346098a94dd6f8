import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type TransportAdapter, http } from '../../lib/api-client.ts';
import { MESSAGES_CHANGED } from '../message-bell/unread.ts';
import { orderStream } from './order-stream.ts';

/** A stand-in for the browser's EventSource: records the URL, lets the test emit events and errors. */
class FakeEventSource {
  static all: FakeEventSource[] = [];
  handlers = new Map<string, ((e: MessageEvent) => void)[]>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown, lastEventId = '') {
    for (const fn of this.handlers.get(type) ?? [])
      fn(new MessageEvent(type, { data: JSON.stringify(data), lastEventId }));
  }
}

let tickets = 0;
const ticketAdapter: TransportAdapter = async (config) => {
  tickets++;
  const ticket = `ticket${String(tickets).padStart(20, '0')}`;
  return {
    data: {
      code: 200,
      message: 'ok',
      result: { ticket, expiresAt: '', url: `/api/app/jiazheng/pay/dingdan/stream?ticket=${ticket}` },
    },
    status: 200,
    statusText: '',
    headers: { 'content-type': 'application/json' },
    config,
    request: {},
  };
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.stubGlobal('EventSource', FakeEventSource);
  http.defaults.adapter = ticketAdapter;
  FakeEventSource.all = [];
  tickets = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  http.defaults.adapter = undefined;
});

const flush = () => vi.advanceTimersByTimeAsync(10);

describe('the shared order stream', () => {
  it('opens with a one-time ticket, delivers events, and after an error resumes with a NEW ticket and lastEventId', async () => {
    const seen: number[] = [];
    const off = orderStream.onEvent((e) => seen.push(e.orderId));
    const release = orderStream.acquire(1);
    await flush();
    expect(FakeEventSource.all).toHaveLength(1);
    const first = FakeEventSource.all[0];
    expect(first.url).toMatch(/stream\?ticket=ticket0+1$/);

    first.emit('hello', { lastEventId: 40, sound: true, waiting: 2 });
    expect(orderStream.state.connected).toBe(true);
    first.emit('order', { id: 41, kind: 'new', orderId: 7, sound: false }, '41');
    expect(seen).toEqual([7]);

    // the connection drops: the browser's own retry would replay a used ticket, so the stream reopens by hand
    first.onerror?.();
    expect(first.closed).toBe(true);
    expect(orderStream.state.connected).toBe(false);
    await vi.advanceTimersByTimeAsync(2100);
    expect(FakeEventSource.all).toHaveLength(2);
    const second = FakeEventSource.all[1];
    expect(second.url).toMatch(/ticket=ticket0+2&lastEventId=41$/);
    second.emit('hello', { lastEventId: 41, sound: true, waiting: 3 });
    second.emit('order', { id: 42, kind: 'new', orderId: 8, sound: false }, '42');
    expect(seen).toEqual([7, 8]);
    expect(orderStream.state.connects).toBeGreaterThanOrEqual(2);

    off();
    release();
    expect(second.closed).toBe(true);
  });

  it('switching shop starts a fresh stream for that shop (no resume from the other shop)', async () => {
    const release = orderStream.acquire(1);
    await flush();
    FakeEventSource.all[0].emit('hello', { lastEventId: 50, sound: true, waiting: 0 });
    release();
    const release2 = orderStream.acquire(2);
    await flush();
    const last = FakeEventSource.all.at(-1)!;
    expect(last.url).not.toContain('lastEventId');
    release2();
  });

  it('a message event (any new message, not only orders) refreshes the header count without moving the resume point', async () => {
    let changed = 0;
    const count = () => changed++;
    window.addEventListener(MESSAGES_CHANGED, count);
    const release = orderStream.acquire(3);
    await flush();
    const es = FakeEventSource.all[0];
    es.emit('hello', { lastEventId: 60, sound: true, waiting: 0 });
    expect(changed).toBe(1); // (re)connected: messages may have arrived meanwhile
    es.emit('message', { id: 901 });
    expect(changed).toBe(2);
    es.emit('message', { id: 902 });
    expect(changed).toBe(3);

    // a message event carries no id: a reconnect resumes after the last ORDER event
    es.emit('order', { id: 61, kind: 'new', orderId: 9, sound: false }, '61');
    expect(changed).toBe(4);
    es.emit('message', { id: 903 });
    es.onerror?.();
    await vi.advanceTimersByTimeAsync(2100);
    expect(FakeEventSource.all.at(-1)!.url).toMatch(/&lastEventId=61$/);
    window.removeEventListener(MESSAGES_CHANGED, count);
    release();
  });
});
