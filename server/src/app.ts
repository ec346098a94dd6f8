import '@jz/contracts/zod-locale';
import { Code } from '@jz/contracts/envelope';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController } from 'fastify';
import { Redis } from 'ioredis';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { answerSerializerCompiler } from './lib/answer-serializer.ts';
import { rateLimited } from './lib/errors.ts';
import { batchedStdout } from './lib/log-stream.ts';
import { openapiOptions } from './lib/openapi.ts';
import { reqSerializer } from './lib/log-redact.ts';
import { registerRequestLog } from './lib/request-log.ts';
import { type DB, type DbHandle, openDb } from './db/client.ts';
import { createSmsGateway, type SmsGateway } from './modules/auth/sms/gateway.ts';
import { registerPrivateFiles } from './modules/common/upload/private-refs.ts';
import { discoverModules } from './modules/discover.ts';
import type { App } from './lib/app-type.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerEnvelope } from './plugins/envelope.ts';
import { registerHealth } from './plugins/health.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerOplog } from './plugins/oplog.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStaffPage } from './plugins/staff-page.ts';
import { registerScheduler } from './plugins/scheduler.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    dbKind: 'sqlite' | 'postgres';
    config: Config;
    sms: SmsGateway;
    routeCatalogue: {
      method: string | string[];
      url: string;
      /** `staff`: an employee on the staff page (modules/staff authenticates it). */
      config: { public?: boolean; signedIn?: boolean; perm?: string; staff?: boolean };
    }[];
  }
}

/** A request id taken from the caller (nginx's $request_id, a UUID, a tracing id); anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface BuildOptions {
  db?: DbHandle;
  sms?: SmsGateway;
  logger?: boolean;
  /** false: background jobs are registered but never started (tests that count a call's own statements). */
  jobs?: boolean;
}

/** Whether every answer is also written by zod and compared: tests and development, unless ANSWER_CHECK says. */
export function answerCheck(config: Pick<Config, 'NODE_ENV'>, env: Record<string, string | undefined> = process.env) {
  if (env.ANSWER_CHECK === 'on' || env.ANSWER_CHECK === 'off') return env.ANSWER_CHECK === 'on';
  return config.NODE_ENV !== 'production';
}

export function openConfiguredDb(config: Config): DbHandle {
  if (config.dbKind === 'sqlite') mkdirSync(config.dataDir, { recursive: true });
  return config.dbKind === 'postgres'
    ? openDb({ kind: 'postgres', url: config.DATABASE_URL! })
    : openDb({
        kind: 'sqlite',
        file: config.DATABASE_URL?.replace(/^sqlite:/, '') || path.join(config.dataDir, 'jiazheng.db'),
      });
}

/** Builds the whole API (and, when a web build exists, the static web app). Does not listen. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  const handle = opts.db ?? openConfiguredDb(config);
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization'],
            // URLs lose their private query values (phones, tickets, tokens, codes) wherever fastify logs `req`.
            serializers: { req: reqSerializer },
            stream: batchedStdout(),
          },
    // One line per request (lib/request-log.ts) instead of fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    trustProxy: config.TRUST_PROXY === 'true',
    // The id of every log line of a request (reqId) and of its answer's x-request-id header: the caller's (or the
    // proxy's) x-request-id when it looks like one, so a request can be followed from nginx's log to ours; else new.
    requestIdHeader: false,
    genReqId: (req) => {
      const id = req.headers['x-request-id'];
      return typeof id === 'string' && REQUEST_ID.test(id) ? id : crypto.randomUUID();
    },
    // On SIGTERM (close()), a request whose connection was already accepted is served (with Connection: close) rather
    // than refused with fastify's own 503 body, which is not the envelope (test/faults/sigterm.test.ts).
    return503OnClosing: false,
    // Router-level refusals (a path parameter over 100 characters, malformed percent-encoding) go through the error
    // handler like any other, so they leave as the envelope (2001) instead of fastify's own {error, code, message}.
    frameworkErrors: (_err, req, reply) => {
      reply.raw.setHeader('x-request-id', req.id);
      reply.status(400 as never).send({ code: Code.INVALID, message: '请求地址无效', result: null } as never);
    },
  }).withTypeProvider<ZodTypeProvider>() as App;

  app.setValidatorCompiler(validatorCompiler);
  // Answers through serializers compiled from the contracts (lib/answer-serializer.ts); tests and development also run
  // zod's and compare (ANSWER_CHECK=on|off overrides; the benchmark runs with it off, as production does).
  app.setSerializerCompiler(answerSerializerCompiler({ check: answerCheck(config) }));
  app.decorate('db', handle.db);
  app.decorate('dbKind', handle.kind);
  app.decorate('config', config);
  app.decorate('sms', opts.sms ?? createSmsGateway(config, app.log));
  app.decorate('routeCatalogue', []);
  if (!opts.db) app.addHook('onClose', () => handle.close());
  if (opts.logger !== false) registerRequestLog(app);

  // On the raw response, so answers written past fastify (the event streams) carry it too; first, so a 429 does.
  app.addHook('onRequest', (req, reply, done) => {
    reply.raw.setHeader('x-request-id', req.id);
    done();
  });
  registerEnvelope(app);
  registerMetrics(app);
  registerScheduler(app, { start: opts.jobs !== false });
  await app.register(formbody);
  await registerSecurityHeaders(app);
  if (config.NODE_ENV !== 'production') {
    // Imported here: production never loads the API explorer (start-up time and memory, docs/startup-and-faults.md).
    const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
      import('@fastify/swagger'),
      import('@fastify/swagger-ui'),
    ]);
    await app.register(swagger, openapiOptions(process.env.npm_package_version ?? '0.0.0'));
    await app.register(swaggerUi, { routePrefix: '/tmpl/api/docs' });
  }
  // Global per-IP limit (generous: the per-route limits of SMS, sign-in and verification codes are stricter):
  // RATE_LIMIT_MAX calls per minute, default 600; RATE_LIMIT=off disables it. Refused with 2004 / HTTP 429.
  // Counters in memory (per process) unless REDIS_URL is set, then shared by every instance.
  if (process.env.RATE_LIMIT !== 'off') {
    const redis = config.REDIS_URL ? await rateLimitRedis(app, config.REDIS_URL) : undefined;
    await app.register(rateLimit, {
      global: true,
      ...(redis && { redis, nameSpace: 'jz-rl:', skipOnError: true }),
      max: Number(process.env.RATE_LIMIT_MAX) > 0 ? Number(process.env.RATE_LIMIT_MAX) : 600,
      timeWindow: '1 minute',
      // The API only: the web app's static files (a page load fetches dozens of chunks) are not counted.
      allowList: (req) => !req.url.startsWith('/tmpl/api'),
      errorResponseBuilder: () => rateLimited('请求过于频繁，请稍后再试'),
    });
  }
  registerAuth(app);
  registerOplog(app);

  registerHealth(app);
  // From SIGTERM on (draining, then close), every answer closes its connection. close() ends only the connections idle
  // at that moment: one that finishes a request afterwards stayed open as keep-alive (a balancer keeps its upstream
  // connections for a minute) and held the shutdown to its 10 s limit, exit code 1, cutting what was in flight (the
  // cluster run's plain rolling restart, docs/operations-cluster.md; test/faults/keepalive-close.test.ts).
  app.addHook('onSend', async (_req, reply, payload) => {
    if (app.draining) reply.header('connection', 'close');
    return payload;
  });

  registerPrivateFiles(app);
  for (const m of await discoverModules()) if (m.routes) await app.register(async (scope) => m.routes!(scope as App));

  const webDist = config.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist');
  if (existsSync(path.join(webDist, 'index.html'))) {
    const assets = `${path.sep}assets${path.sep}`;
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      // A route per file of the build, but not for the .br/.gz beside them: preCompressed finds those on disk. Half
      // the routes, ~0.15 s less CPU at start (scripts/startup-time.mjs).
      globIgnore: ['**/*.br', '**/*.gz'],
      // The build writes .br/.gz beside every script and stylesheet (web/vite.config.ts): a third of the bytes.
      preCompressed: true,
      // Hashed names under assets/ never change; index.html is revalidated so a new build is picked up at once.
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('cache-control', file.includes(assets) ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same URL answers br, gzip or plain by Accept-Encoding: caches in between must keep them apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
    registerStaffPage(app, webDist);
  }
  return app;
}

/**
 * The Redis client of the shared rate-limit counters. No offline queue and a short command timeout: while Redis is down
 * or hangs, a request waits at most 250 ms before skipOnError lets it through uncounted (the API never goes down with
 * Redis). Start-up waits for the first connection (or its failure, at most 2 s) so the first calls are counted. One
 * warning per outage, not one per reconnection attempt.
 */
async function rateLimitRedis(app: App, url: string): Promise<Redis> {
  const redis = new Redis(url, {
    connectTimeout: 2000,
    commandTimeout: 250,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  });
  let down = false;
  redis.on('error', (err) => {
    if (!down) app.log.warn({ err }, 'rate limit: Redis unavailable, requests are not counted');
    down = true;
  });
  redis.on('ready', () => {
    if (down) app.log.info('rate limit: Redis back');
    down = false;
  });
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, 2000);
    redis.once('ready', done);
    redis.once('error', done);
    function done() {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    }
  });
  return redis;
}
