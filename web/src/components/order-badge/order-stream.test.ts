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

describe('final states (a merchant without a shop asked every few seconds, for ever)', () => {
  const refusingTicket =
    (code: number, message: string): TransportAdapter =>
    async (config) => {
      tickets++;
      return {
        data: { code, message, result: null },
        status: code === 2004 ? 409 : 500,
        statusText: '',
        headers: { 'content-type': 'application/json' },
        config,
        request: {},
      };
    };

  it('without a shop nothing is asked at all', async () => {
    const release = orderStream.acquire(undefined);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(tickets).toBe(0);
    expect(FakeEventSource.all).toHaveLength(0);
    release();
  });

  it('a ticket refused 409 请先创建店铺 is asked once, not again; another shop (a created one) opens the stream', async () => {
    http.defaults.adapter = refusingTicket(2004, '请先创建店铺');
    const release = orderStream.acquire(11);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(tickets).toBe(1);
    expect(orderStream.state.stopped).toBe('请先创建店铺');
    expect(FakeEventSource.all).toHaveLength(0);
    release();

    http.defaults.adapter = ticketAdapter;
    const release2 = orderStream.acquire(12);
    await flush();
    expect(orderStream.state.stopped).toBeUndefined();
    expect(FakeEventSource.all).toHaveLength(1);
    release2();
  });

  it('no permission (301) is final too; a server error is retried', async () => {
    http.defaults.adapter = refusingTicket(301, '没有权限');
    const release = orderStream.acquire(13);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tickets).toBe(1);
    release();

    tickets = 0;
    http.defaults.adapter = refusingTicket(500, '服务器错误');
    const release2 = orderStream.acquire(14);
    await vi.advanceTimersByTimeAsync(16_000);
    expect(tickets).toBeGreaterThanOrEqual(3);
    expect(orderStream.state.stopped).toBeUndefined();
    release2();
  });

  it('the server’s `event: end` (the user lost the shop or the permission) stops it without reconnecting', async () => {
    const release = orderStream.acquire(15);
    await flush();
    const es = FakeEventSource.all[0];
    es.emit('hello', { lastEventId: 70, sound: true, waiting: 0 });
    es.emit('end', { reason: 'forbidden' });
    expect(es.closed).toBe(true);
    expect(orderStream.state).toMatchObject({ connected: false, stopped: '无权查看该店铺的订单' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.all).toHaveLength(1);
    expect(tickets).toBe(1);
    release();
  });

  it('a new order beeps where the shop and the user’s 提醒设置 both want it', async () => {
    const beep = vi.spyOn(orderStream, 'beep').mockImplementation(() => {});
    const release = orderStream.acquire(16);
    await flush();
    const es = FakeEventSource.all[0];
    es.emit('order', { id: 81, kind: 'new', orderId: 81, sound: true }, '81');
    expect(beep).toHaveBeenCalledTimes(1);
    localStorage.setItem('jz.orderAlerts.anon', JSON.stringify({ sound: false }));
    es.emit('order', { id: 82, kind: 'new', orderId: 82, sound: true }, '82');
    expect(beep).toHaveBeenCalledTimes(1);
    beep.mockRestore();
    release();
  });
});
