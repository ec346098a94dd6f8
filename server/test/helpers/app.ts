import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { DB } from '../../src/db/client.ts';
import { RecordingSmsGateway } from '../../src/modules/auth/sms/gateway.ts';
import type { App } from '../../src/modules/types.ts';
import { cloneDatabase } from './db.ts';

export interface TestApp {
  app: App;
  sms: RecordingSmsGateway;
  db: DB;
  dbKind: 'sqlite' | 'postgres';
  close: () => Promise<void>;
}

/** Variables of the developer's shell that would change what the suite expects; tests opt in through `env`. */
const IGNORED = [
  'DEMO_SMS_CODE',
  'SMS_PROVIDER',
  'DATABASE_URL',
  'WEB_DIST',
  'TOKEN_TTL_HOURS',
  'NODE_ENV',
  'LOG_LEVEL',
];

/**
 * A fresh copy of the seeded database and an app on it (not listening: use app.inject), with the recording SMS
 * gateway. `env` overrides configuration (e.g. { DEMO_SMS_CODE: '123456' }).
 */
/** `jobs: false`: background jobs never start (a test counting a call's own statements). */
export async function buildTestApp(opts: { env?: Record<string, string>; jobs?: boolean } = {}): Promise<TestApp> {
  const copy = await cloneDatabase();
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !IGNORED.includes(k)));
  const config = loadConfig({ ...base, DATABASE_URL: copy.url, ...opts.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const sms = new RecordingSmsGateway();
  let app: App;
  try {
    app = await buildApp(config, { db: copy.handle, sms, logger: false, jobs: opts.jobs });
  } catch (err) {
    await copy.dispose();
    throw err;
  }
  let closed = false;
  return {
    app,
    sms,
    db: copy.handle.db,
    dbKind: copy.handle.kind,
    close: async () => {
      if (closed) return;
      closed = true;
      await app.close().catch(() => {});
      await copy.dispose();
    },
  };
}
