import { healthApi as c } from '@jz/contracts/api/health';
import { Code } from '@jz/contracts/envelope';
import { Gauge } from 'prom-client';
import { checkDatabase, checkMigrations } from '../db/health.ts';
import type { App } from '../lib/app-type.ts';
import { ok } from '../lib/envelope.ts';
import { route } from '../lib/route.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * True once the instance is shutting down (main.ts sets it on SIGTERM, before the drain period; close() sets it
     * too): readiness answers 503 so the balancer stops sending new work while requests in flight finish.
     */
    draining: boolean;
  }
}

/**
 * The probes (docs/observability.md), public and answering the envelope, registered from their contracts
 * (packages/contracts/src/api/health.ts). Only HTTP 200 is serialized by the result schema: the 503 answers (not
 * ready, database down) are sent as they are, outside it.
 *   /tmpl/api/health/live   liveness: the process serves requests. No database call: a database outage must not make
 *                           an orchestrator restart every instance.
 *   /tmpl/api/health/ready  readiness: the database answers, every migration of this build is applied, not draining.
 *   /tmpl/api/health        the original combined check (database reachable), for the web and tools: status only.
 */
export function registerHealth(app: App) {
  app.decorate('draining', false);
  app.addHook('preClose', async () => {
    app.draining = true;
  });

  route(app, c.live, async () => ok({ status: 'live' as const }, 'ok'));

  // Once every migration of this build is applied it stays so: later probes skip the kysely_migration query.
  let migrationsCurrent = false;
  route(app, c.ready, async (req, reply) => {
    const notReady = (message: string, result: object) =>
      reply.status(503).send({ code: Code.ERROR, message, result: { status: 'not_ready', ...result } });
    if (app.draining) return notReady('服务正在停止，请稍后再试', { draining: true });
    const { error, ...db } = await checkDatabase(app.db);
    if (error) {
      req.log.warn({ err: error }, 'readiness: database unavailable');
      return notReady('数据库暂时不可用，请稍后再试', db);
    }
    if (!migrationsCurrent) {
      const m = await checkMigrations(app.db);
      if (m.error) {
        req.log.warn({ err: m.error }, 'readiness: cannot read the applied migrations');
        return notReady('数据库暂时不可用，请稍后再试', { ...db, database: 'down' });
      }
      if (m.pending.length) {
        req.log.warn({ pending: m.pending }, 'readiness: database migrations not applied');
        return notReady('数据库结构尚未升级到当前版本，请先执行数据库迁移', {
          ...db,
          pendingMigrations: m.pending.length,
        });
      }
      migrationsCurrent = true;
    }
    return ok({ status: 'ready' as const, ...db, pendingMigrations: 0 as const }, 'ok');
  });

  // Asks the database each time, so probes see an outage (HTTP 503, code 500) and the recovery. Says only up or not:
  // naming the database and the version to anyone would tell an attacker which advisories apply.
  route(app, c.health, async (req, reply) => {
    const { error } = await checkDatabase(app.db);
    if (!error) return ok({ status: 'ok' as const }, 'ok');
    req.log.warn({ err: error }, 'health: database unavailable');
    return reply
      .status(503)
      .send({ code: Code.ERROR, message: '数据库暂时不可用，请稍后再试', result: { status: 'degraded' } });
  });

  // The database kind, for dashboards (the version is jz_build_info): behind the metrics token, not in a public probe.
  new Gauge({
    name: 'jz_database_info',
    help: 'The database this instance uses: kind as a label, value 1',
    labelNames: ['kind'] as const,
    registers: [app.metrics.registry],
  }).set({ kind: app.dbKind }, 1);
}
