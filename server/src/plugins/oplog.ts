import { nowIso } from '../lib/time.ts';
import type { App } from '../lib/app-type.ts';
import { maskPhone as sharedMaskPhone } from '@jz/contracts/mask';

const SECRET_KEYS = /code|password|pwd|token|secret|idcard|idno|cardno|certno|bankcard|authorization/i;
/** Phones stay recognisable in the log (who signed in) but not whole. */
const PHONE_KEYS = /mobile|phone/i;
const maskPhone = (v: unknown) => (typeof v === 'string' && v ? sharedMaskPhone(v) : '******');

/** Replaces secret values (codes, passwords, tokens, ID and card numbers) before anything is stored. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value))
    out[k] = SECRET_KEYS.test(k) ? '******' : PHONE_KEYS.test(k) ? maskPhone(v) : redact(v, depth + 1);
  return out;
}

declare module 'fastify' {
  interface FastifyRequest {
    oplogOutcome?: { code: number; message: string };
  }
}

/** Writes one oplog row for each call whose route declares `config.oplog`; handlers never write it themselves. */
export function registerOplog(app: App) {
  app.addHook('onSend', async (req, _reply, payload) => {
    if (!req.routeOptions.config.oplog || typeof payload !== 'string') return payload;
    try {
      const p = JSON.parse(payload) as { code?: number; message?: string };
      if (typeof p.code === 'number') req.oplogOutcome = { code: p.code, message: p.message ?? '' };
    } catch {
      /* not JSON: a file download */
    }
    return payload;
  });

  app.addHook('onResponse', async (req, reply) => {
    const decl = req.routeOptions.config.oplog;
    if (!decl) return;
    const params = JSON.stringify(
      redact({ ...(req.params as object), ...(req.query as object), ...(req.body as object) }),
    );
    const success = req.oplogOutcome ? req.oplogOutcome.code === 200 : reply.statusCode < 400;
    try {
      await app.db
        .insertInto('oplog')
        .values({
          userId: req.user?.id ?? null,
          loginName: req.user?.loginName ?? null,
          title: decl.title,
          type: decl.type,
          method: req.method,
          url: req.url.split('?')[0].slice(0, 500),
          params: params.slice(0, 4000),
          ip: req.ip,
          userAgent: (req.headers['user-agent'] ?? '').slice(0, 300),
          durationMs: Math.round(reply.elapsedTime),
          success: success ? 1 : 0,
          errorMessage: success ? null : (req.oplogOutcome?.message ?? `HTTP ${reply.statusCode}`).slice(0, 500),
          createdAt: nowIso(),
        })
        .execute();
    } catch (err) {
      req.log.error({ err }, 'oplog write failed');
    }
  });
}
