import type { App } from '../../types.ts';
import { expireDue } from './card-money.ts';

/** How often cards past their validity are looked for (each card is also claimed under its row lock). */
export const CARD_EXPIRY_INTERVAL_MS = 5 * 60_000;

/** The expiry job: active cards whose validity ended close, their unused cash recognised (docs/ledger.md). */
export function cardJobs(app: App) {
  app.scheduler.add({ name: 'card_expiry', periodMs: CARD_EXPIRY_INTERVAL_MS, run: () => expireDue(app.db) });
}
