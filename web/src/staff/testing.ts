import type { AnyContract } from '@jz/contracts/contract';
import type { StaffJob } from '@jz/contracts/staff';
import type { HttpConfig } from '../lib/http-transport.ts';
import { TransportError } from '../lib/http-transport.ts';
import { setStaffTransport } from './api/client.ts';

/**
 * Test stand-ins for the staff page (imported by tests only): a transport that answers contracts by method and path
 * (`:orderId` matches any number), records each call with its body, and can go offline.
 */
export type StaffAnswer = { result: unknown } | { code: number; message: string } | 'offline';

export interface RecordedCall {
  contract: AnyContract;
  url: string;
  body: Record<string, unknown> | undefined;
  headers: Record<string, string>;
}

export function fakeStaffApi(routes: [AnyContract, StaffAnswer | ((call: RecordedCall) => StaffAnswer)][]) {
  const calls: RecordedCall[] = [];
  const state = { offline: false };
  const match = (c: AnyContract, method: string, url: string) => {
    const re = new RegExp(`^${c.path.replace(/:\w+/g, '\\d+')}(\\?|$)`);
    return c.method.toLowerCase() === method && re.test(url);
  };
  setStaffTransport(async (config: HttpConfig) => {
    const url = String(config.url);
    if (state.offline) throw new TransportError('ERR_NETWORK', 'Failed to fetch');
    const hit = routes.find(([c]) => match(c, config.method, url));
    const body = typeof config.data === 'string' ? JSON.parse(config.data) : undefined;
    const call: RecordedCall = { contract: hit?.[0] as AnyContract, url, body, headers: config.headers };
    if (hit) calls.push(call);
    const a = hit ? (typeof hit[1] === 'function' ? hit[1](call) : hit[1]) : { code: 2002, message: `no route ${url}` };
    if (a === 'offline') throw new TransportError('ERR_NETWORK', 'Failed to fetch');
    const data = 'result' in a ? { code: 200, message: 'ok', result: a.result } : { ...a, result: null };
    return { data, status: 200, headers: {} };
  });
  return {
    calls,
    of: (c: AnyContract) => calls.filter((x) => x.contract === c),
    setOffline(v: boolean) {
      state.offline = v;
    },
  };
}

/** A job as the server answers it: 2026-12-01 09:00–12:00 Shanghai unless patched. */
export function job(orderId: number, patch: Partial<StaffJob> = {}): StaffJob {
  return {
    orderId,
    orderNo: `JZ${orderId}`,
    status: 20,
    step: 'assigned',
    startsAt: '2026-12-01T01:00:00.000Z',
    endsAt: '2026-12-01T04:00:00.000Z',
    durationMinutes: 180,
    goodsName: '日常保洁',
    specName: '61–90㎡',
    quantityLabel: '85 平方米',
    customerName: '李女士',
    customerPhoneMasked: '138****0001',
    phoneCallable: false,
    address: '运城市盐湖区测试大道 99 号 1-1-101',
    lat: 35.0263,
    lng: 111.0069,
    addressNotes: '门禁 1234#',
    remark: '家里有猫',
    sheetText: '12月1日 09:00 日常保洁 3 小时 · 李女士 · 盐湖区测试大道 99 号',
    departedAt: null,
    arrivedAt: null,
    arrivalDistanceM: null,
    arrivalFlag: null,
    startedAt: null,
    finishedAt: null,
    photos: [],
    finishNote: null,
    ...patch,
  };
}
