import { randomInt } from 'node:crypto';
import { COURIER_STATUS } from '@jz/contracts/courier';

export interface TrackEvent {
  status: number;
  description: string;
  at: string;
}

export interface ProviderOrder {
  trackingNo: string;
  company: string;
  pickupAt: string;
  createdAt: string;
  senderAddress: string;
  receiverAddress: string;
}

/**
 * The courier company's side of a pick-up. The sandbox default below assigns a tracking number and advances by time;
 * a real integration (an aggregator such as 快递100 / 菜鸟) implements the same three calls.
 */
export interface CourierProvider {
  readonly name: string;
  /** Books a pick-up; answers the tracking number. */
  create(input: { company: string; pickupAt: string }): Promise<{ trackingNo: string }>;
  /** Every tracking event known now, oldest first (the first one is the booking, status 10). */
  track(order: ProviderOrder, now: Date): Promise<TrackEvent[]>;
  /** Cancels a booking that has not been picked up; throws when the company refuses. */
  cancel(order: ProviderOrder): Promise<void>;
}

/** After the pick-up time: picked up at once, in transit 2 hours later, signed for 24 hours later. */
export const SANDBOX_STEPS_MS = { transit: 2 * 3600_000, signed: 24 * 3600_000 };

const city = (address: string) => address.match(/^(.{2,8}?[市州盟])/)?.[1] ?? address.slice(0, 6);

export const sandboxCourier: CourierProvider = {
  name: 'sandbox',
  async create({ company }) {
    let digits = '';
    for (let i = 0; i < 12; i++) digits += randomInt(10);
    return { trackingNo: `${company}${digits}` };
  },
  async track(o, now) {
    const t = now.getTime();
    const pickup = Date.parse(o.pickupAt);
    const iso = (ms: number) => new Date(ms).toISOString();
    const out: TrackEvent[] = [
      { status: COURIER_STATUS.WAITING, description: '已下单，等待快递员上门揽收', at: o.createdAt },
    ];
    if (t >= pickup) out.push({ status: COURIER_STATUS.PICKED, description: '快递员已上门揽收', at: iso(pickup) });
    if (t >= pickup + SANDBOX_STEPS_MS.transit)
      out.push({
        status: COURIER_STATUS.TRANSIT,
        description: `快件已发往${city(o.receiverAddress)}，运输中`,
        at: iso(pickup + SANDBOX_STEPS_MS.transit),
      });
    if (t >= pickup + SANDBOX_STEPS_MS.signed)
      out.push({
        status: COURIER_STATUS.SIGNED,
        description: '快件已签收，感谢使用',
        at: iso(pickup + SANDBOX_STEPS_MS.signed),
      });
    return out;
  },
  async cancel() {},
};

let current: CourierProvider = sandboxCourier;
export const courierProvider = () => current;
/** Tests may swap the provider (e.g. one that refuses to cancel). */
export function setCourierProvider(p: CourierProvider) {
  current = p;
}
