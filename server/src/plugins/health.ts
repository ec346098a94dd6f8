import { Code } from '@jz/contracts/envelope';
import { checkDatabase, checkMigrations } from '../db/health.ts';
import type { App } from '../lib/app-type.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * True once the instance is shutting down (main.ts sets it on SIGTERM, before the drain period; close() sets it
     * too): readiness answers 503 so the balancer stops sending new work while requests in flight finish.
     */
    draining: boolean;
  }
}

const version = () => process.env.npm_package_version ?? '0.1.0';

/**
 * The probes (docs/observability.md), public and answering the envelope:
 *   /tmpl/api/health/live   liveness: the process serves requests. No database call: a database outage must not make
 *                           an orchestrator restart every instance.
 *   /tmpl/api/health/ready  readiness: the database answers, every migration of this build is applied, not draining.
 *   /tmpl/api/health        the original combined check (database reachable), kept as it was for the web and tools.
 */
export function registerHealth(app: App) {
  app.decorate('draining', false);
  app.addHook('preClose', async () => {
    app.draining = true;
  });

  app.get('/tmpl/api/health/live', { config: { public: true } }, async () => ({
    code: 200,
    message: 'ok',
    result: { status: 'live' },
  }));

  // Once every migration of this build is applied it stays so: later probes skip the kysely_migration query.
  let migrationsCurrent = false;
  app.get('/tmpl/api/health/ready', { config: { public: true } }, async (req, reply) => {
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
    return { code: 200, message: 'ok', result: { status: 'ready', ...db, pendingMigrations: 0 } };
  });

  // Asks the database each time, so probes see an outage (HTTP 503, code 500) and the recovery.
  app.get('/tmpl/api/health', { config: { public: true } }, async (req, reply) => {
    const { error, ...db } = await checkDatabase(app.db);
    const result = { status: error ? 'degraded' : 'ok', db: app.dbKind, ...db, version: version() };
    if (!error) return { code: 200, message: 'ok', result };
    req.log.warn({ err: error }, 'health: database unavailable');
    return reply.status(503).send({ code: Code.ERROR, message: '数据库暂时不可用，请稍后再试', result });
  });
}
