import { nextDay, shanghaiDay, wallMs } from '@jz/contracts/dispatch';
import type { DB } from '../../src/db/client.ts';

/**
 * Appointment times a shop of the demo accepts whenever the suite runs (docs/dispatch.md; orders are placed and assigned by
 * time). Each call answers the next of a sequence — day +2 at 09:00, day +2 at 14:00, day +3 at 09:00, … (Shanghai wall
 * time) — so two orders of one test never share a time: inside every demo shop's business hours and time slots, past
 * the longest 提前预约 lead time (24 h), and an employee assigned to one is free for the next. After 50 days (inside
 * the 60-day booking horizon) the sequence starts again at day +2.
 */
let calls = 0;
const CYCLE = 100;
export function nextAppointment(): string {
  const i = calls++ % CYCLE;
  const day = nextDay(shanghaiDay(Date.now()), 2 + Math.floor(i / 2));
  return new Date(wallMs(day, i % 2 ? '14:00' : '09:00')).toISOString();
}

/** A point inside the shop's service area (its polygon's centroid, else the shop's own location), or none. */
export async function pointIn(db: DB, shopId: number): Promise<{ lat: number; lng: number } | Record<string, never>> {
  const s = await db
    .selectFrom('shop')
    .select(['lat', 'lng', 'serviceArea'])
    .where('id', '=', shopId)
    .executeTakeFirst();
  let area: { lat: number; lng: number }[] = [];
  try {
    area = JSON.parse(s?.serviceArea || '[]');
  } catch {
    area = [];
  }
  if (area.length >= 3)
    return {
      lat: area.reduce((a, p) => a + p.lat, 0) / area.length,
      lng: area.reduce((a, p) => a + p.lng, 0) / area.length,
    };
  return s?.lat != null && s.lng != null ? { lat: s.lat, lng: s.lng } : {};
}

/** What an order of the shop needs to be bookable: the next appointment time and a point inside its service area. */
export async function bookingFor(db: DB, shopId: number) {
  return { appointmentAt: nextAppointment(), ...(await pointIn(db, shopId)) };
}
