import type { DB } from '../db/client.ts';
import type { App } from '../lib/app-type.ts';

export type { App };

/** Ids of the demo records every module's demo seed can hang its data on (docs/decisions.md#demo-data). */
export interface DemoIds {
  adminId: number;
  merchantA: { id: number; ownerId: number; subId: number; mainShopId: number; branchShopId: number };
  merchantB: { id: number; ownerId: number; mainShopId: number };
}

export interface SeedCtx {
  db: DB;
}

/**
 * A module is a folder under src/modules/<area>/<domain>/ with a `<domain>.module.ts` default-exporting one of these.
 * It is discovered at start (no central list to edit). `order` sorts seeds: lower first.
 */
export interface AppModule {
  name: string;
  order?: number;
  routes?: (app: App) => Promise<void> | void;
  /** Base data needed in every database (idempotent: runs at every start). */
  seed?: (ctx: SeedCtx) => Promise<void>;
  /** Demo data, run once on an empty database after the demo accounts exist. */
  seedDemo?: (ctx: SeedCtx & { demo: DemoIds }) => Promise<void>;
}

export const defineModule = (m: AppModule) => m;
