import path from 'node:path';
import { z } from 'zod';
import { DEV_DATA_KEYS, holdsDevKey, parseDataKeys } from './lib/secret-box.ts';

const DEFAULT_SECRET = 'dev-only-secret-change-me-0000000000';

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^(postgres(ql)?:\/\/|sqlite:)/, 'DATABASE_URL must start with postgres:// or sqlite:')
      .optional(),
    APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').default(DEFAULT_SECRET),
    /**
     * Keys sealing ID, bank-card and onboarding data at rest (lib/secret-box.ts): `<id>:<base64 of 32 bytes>`, comma
     * separated, the first sealing new values, the others still opening older ones until `npm run keys:rotate`.
     * The default is a development key, refused in production. The ring itself is read from the environment by
     * lib/secret-box.ts; this validates it so a bad value stops the start with a readable error.
     */
    DATA_KEYS: z
      .string()
      .trim()
      .default(DEV_DATA_KEYS)
      .superRefine((v, ctx) => {
        try {
          parseDataKeys(v);
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: (err as Error).message.replace(/^DATA_KEYS: /, '') });
        }
      }),
    DEMO_SMS_CODE: z
      .string()
      .regex(/^\d{6}$/, 'DEMO_SMS_CODE must be 6 digits')
      .optional(),
    SMS_PROVIDER: z.enum(['console', 'aliyun']).default('console'),
    /** `off` lifts the resend/hourly/daily/IP limits of SMS codes: for browser test runs only, refused in production. */
    SMS_RATE_LIMIT: z.enum(['on', 'off']).default('on'),
    ALIYUN_SMS_ENDPOINT: z.string().url().default('https://dysmsapi.aliyuncs.com/'),
    ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
    ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
    ALIYUN_SMS_SIGN_NAME: z.string().optional(),
    ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
    /**
     * Messages to customers and staff (docs/messages.md): each event's Aliyun template code, `event:code` comma
     * separated (customer_accepted:SMS_1,…); an event without one fails with 未配置短信模板.
     */
    NOTIFY_SMS_TEMPLATES: z.string().optional(),
    /** The sign name of those messages (default ALIYUN_SMS_SIGN_NAME). */
    NOTIFY_SMS_SIGN_NAME: z.string().optional(),
    /** The console gateway also appends each message to this file as a JSON line (development, tests). */
    NOTIFY_SMS_LOG_FILE: z.string().optional(),
    /** The console gateway waits this long per message (tests that stop an instance mid-delivery). */
    NOTIFY_SMS_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /** The review link of 服务完成: the order number is appended as `?order=`. */
    NOTIFY_REVIEW_URL: z.string().url().default('http://127.0.0.1:3000/review'),
    /** Messages one phone receives in an hour at most; more wait until the hour allows them. */
    NOTIFY_HOURLY_LIMIT: z.coerce.number().int().min(1).max(100).default(5),
    /** `off`: no delivery job on this instance (tests that deliver by hand); rows stay queued. */
    NOTIFY_DELIVERY: z.enum(['on', 'off']).default('on'),
    TOKEN_TTL_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 90)
      .default(24 * 7),
    /**
     * Demo merchants, orders and customers. Unset: `auto` (on an empty database) outside production, `never` in
     * production; `auto` is refused there, and `always` is seeded with a warning (a demo instance, on purpose).
     */
    SEED_DEMO: z.enum(['auto', 'always', 'never']).optional(),
    /**
     * The mobile number of the first platform admin, created when the database has none. Outside production it
     * defaults to the demo admin; production invents no super admin: bootstrap refuses an empty database without it.
     * Empty counts as unset (an env file's `ADMIN_PHONE=` line).
     */
    ADMIN_PHONE: z
      .string()
      .trim()
      .regex(/^(1\d{10})?$/, 'ADMIN_PHONE must be an 11-digit mainland mobile number')
      .optional(),
    /** `off` lifts the global per-address limit (app.ts reads it): for browser test runs only, refused in production. */
    RATE_LIMIT: z.enum(['on', 'off']).default('on'),
    WEB_DIST: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    /**
     * Prometheus metrics are served at /metrics on their own listener, never on the public port: unset = no metrics
     * listener. METRICS_HOST defaults to loopback; METRICS_TOKEN, when set, is required as `Authorization: Bearer …`.
     */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    METRICS_HOST: z.string().default('127.0.0.1'),
    METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    /**
     * On SIGTERM: how long the instance keeps serving, with readiness answering 503, before it stops accepting
     * connections, so a balancer has probed it out of rotation first. 0 (default): stop at once. Behind a balancer: 5000.
     */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
    /** Unset: the global rate-limit counters live in process memory. Set: shared by every instance through Redis. */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
      .optional(),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV !== 'production') return;
    if (c.APP_SECRET === DEFAULT_SECRET)
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'set a real APP_SECRET in production' });
    if (c.DEMO_SMS_CODE)
      ctx.addIssue({ code: 'custom', path: ['DEMO_SMS_CODE'], message: 'DEMO_SMS_CODE is not allowed in production' });
    if (holdsDevKey(safeRing(c.DATA_KEYS)))
      ctx.addIssue({
        code: 'custom',
        path: ['DATA_KEYS'],
        message: 'set real DATA_KEYS in production (the development key is refused): e.g. k1:<openssl rand -base64 32>',
      });
    if (c.SMS_PROVIDER === 'console')
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_PROVIDER'],
        message:
          'SMS_PROVIDER=console writes sign-in codes to the log: set SMS_PROVIDER=aliyun (and ALIYUN_SMS_*) in production',
      });
    if (c.SMS_RATE_LIMIT === 'off')
      ctx.addIssue({
        code: 'custom',
        path: ['SMS_RATE_LIMIT'],
        message: 'SMS_RATE_LIMIT=off is not allowed in production',
      });
    if (c.RATE_LIMIT === 'off')
      ctx.addIssue({ code: 'custom', path: ['RATE_LIMIT'], message: 'RATE_LIMIT=off is not allowed in production' });
    if (c.SEED_DEMO === 'auto')
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_DEMO'],
        message:
          'SEED_DEMO=auto would seed demo merchants into an empty production database: remove it (production ' +
          'seeds no demo data), or set SEED_DEMO=always for a demo instance',
      });
  });

/** The ring of a DATA_KEYS value already validated (an invalid one was reported by its own check: no ring). */
function safeRing(v: string) {
  try {
    return parseDataKeys(v);
  } catch {
    return { current: null as never, byId: new Map() };
  }
}

/** The demo admin of development and tests (docs/first-day.md); never a production default. */
export const DEV_ADMIN_PHONE = '13800000000';

type Parsed = z.infer<typeof schema>;
export type Config = Omit<Parsed, 'SEED_DEMO'> & {
  /** Resolved: the default depends on NODE_ENV. */
  SEED_DEMO: NonNullable<Parsed['SEED_DEMO']>;
  /** undefined only in production without ADMIN_PHONE (startup/bootstrap.ts refuses an empty database then). */
  ADMIN_PHONE: string | undefined;
  dataDir: string;
  dbKind: 'sqlite' | 'postgres';
};

/** Reads and validates the environment; throws a readable error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const c = parsed.data;
  const dbKind = c.DATABASE_URL?.startsWith('postgres') ? 'postgres' : 'sqlite';
  // Fail closed: production seeds no demo data and invents no admin unless told to.
  const production = c.NODE_ENV === 'production';
  return {
    ...c,
    SEED_DEMO: c.SEED_DEMO ?? (production ? 'never' : 'auto'),
    ADMIN_PHONE: c.ADMIN_PHONE || (production ? undefined : DEV_ADMIN_PHONE),
    dataDir: path.resolve(c.DATA_DIR),
    dbKind,
  };
}
