import type { AnyContract } from '@jz/contracts/contract';
import type { OrderEvent } from '@jz/contracts/order';
import type { TransportAdapter } from '../../lib/api-client.ts';

/**
 * Test stand-ins for the live order stream (imported by tests only): the browser's EventSource, and a transport that
 * answers contracts by their path and counts the calls.
 */
export class FakeEventSource {
  static all: FakeEventSource[] = [];
  handlers = new Map<string, ((e: MessageEvent) => void)[]>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  static get last() {
    return FakeEventSource.all.at(-1);
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

/** An envelope answer: `code` 200 with `result`, or a refusal with its message. */
export type Answer = { result: unknown } | { code: number; message: string };

/**
 * A transport that answers each contract (by its path) with a fixed answer or a function of the call, counts the
 * calls per contract, and answers 404-like 2002 for anything else.
 */
export function fakeApi(routes: [AnyContract, Answer | (() => Answer)][]) {
  const calls = new Map<AnyContract, number>();
  const adapter: TransportAdapter = async (config) => {
    const url = String(config.url ?? '');
    const hit = routes.find(([c]) => url === c.path || url.startsWith(`${c.path}?`));
    if (hit) calls.set(hit[0], (calls.get(hit[0]) ?? 0) + 1);
    const a: Answer = hit ? (typeof hit[1] === 'function' ? hit[1]() : hit[1]) : { code: 2002, message: url };
    const data = 'result' in a ? { code: 200, message: 'ok', result: a.result } : { ...a, result: null };
    return { data, status: data.code === 200 ? 200 : 409, statusText: '', headers: {}, config, request: {} };
  };
  return { adapter, count: (c: AnyContract) => calls.get(c) ?? 0 };
}

let ticketNo = 0;
/** A stream ticket answer (a new ticket each call). */
export const ticketAnswer = (): Answer => {
  const ticket = `ticket${String(++ticketNo).padStart(20, '0')}`;
  return { result: { ticket, expiresAt: '', url: `/stream-for-tests?ticket=${ticket}` } };
};

/** A new-order event as the server sends it. */
export function newOrderEvent(id: number, patch: Partial<OrderEvent> = {}): OrderEvent {
  return {
    id,
    kind: 'new',
    orderId: id,
    orderNo: `NO${id}`,
    shopId: 1,
    status: 20,
    goodsName: '日常保洁',
    spec: '3 小时 · 100㎡',
    amount: 15900,
    createdAt: '2026-11-26T06:00:00.000Z',
    appointmentAt: '2026-11-28T06:00:00.000Z',
    address: '盐湖区测试大道 99 号 1-1-101',
    sound: true,
    ...patch,
  };
}
