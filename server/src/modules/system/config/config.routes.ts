import { configApi as c } from '@jz/contracts/api/config';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { sanitizeRichText } from '../../../lib/sanitize.ts';
import type { App } from '../../types.ts';
import * as repo from './config.repo.ts';

/**
 * Configuration routes, registered from their contracts (packages/contracts/src/api/config.ts). The rich-text
 * `content` is cleaned with sanitize-html before it is stored.
 */
export function configRoutes(app: App) {
  route(app, c.byType, async (req) => ok(await repo.findByType(app.db, req.params.type), 'ok'));
  route(app, c.edit, async (req) => {
    const value = { ...req.body.value };
    if (typeof value.content === 'string') value.content = sanitizeRichText(value.content);
    return ok(await repo.saveConfig(app.db, req.body.type, value));
  });
}
