import { setupApi as c } from '@jz/contracts/api/setup';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import type { App } from '../../types.ts';
import { setupProgress } from './setup.service.ts';

/** 开店准备: the first-day checklist of /index. */
export function setupRoutes(app: App) {
  route(app, c.progress, async (req) => ok(await setupProgress(app, await tenantOf(app.db, req)), 'ok'));
}
