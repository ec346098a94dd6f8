import { existsSync } from 'node:fs';
import path from 'node:path';
import type { App } from '../lib/app-type.ts';

const PAGE = 'staff/index.html';

/**
 * The staff page (阿姨端, docs/staff.md) routes in the browser by path under /staff/: every address below it (a
 * bookmarked or reloaded /staff/jobs/12) answers its index.html, revalidated like the console's (the static
 * plugin's headers: no-cache for pages, immutable for hashed assets; the security headers as on every answer). Its
 * scripts live in the shared assets/ folder, served by the static plugin. Needs @fastify/static registered on
 * `webDist` first (reply.sendFile).
 */
export function registerStaffPage(app: App, webDist: string) {
  if (!existsSync(path.join(webDist, PAGE))) return;
  app.get('/staff', (_req, reply) => reply.redirect('/staff/'));
  app.get('/staff/*', (_req, reply) => reply.sendFile(PAGE));
}
