import { loadHuifuEnv } from '../jinjian.config.ts';
import { HuifuProvider } from './huifu.ts';
import { SandboxProvider } from './sandbox.ts';
import type { PaymentProvider } from './types.ts';

// Keyed by the app's database handle: the root app and its encapsulated plugin scopes share it.
const byApp = new WeakMap<object, PaymentProvider>();
type AppLike = { db: object };

/** The provider configured by HUIFU_MODE (sandbox by default), built once per app from the environment. */
export function providerFor(app: AppLike, env: Record<string, string | undefined> = process.env): PaymentProvider {
  let p = byApp.get(app.db);
  if (!p) {
    const c = loadHuifuEnv(env);
    p =
      c.HUIFU_MODE === 'live'
        ? new HuifuProvider({
            apiBase: c.HUIFU_API_BASE,
            sysId: c.HUIFU_SYS_ID!,
            productId: c.HUIFU_PRODUCT_ID!,
            upperHuifuId: c.HUIFU_UPPER_HUIFU_ID,
            privateKey: c.HUIFU_PRIVATE_KEY!,
            huifuPublicKey: c.HUIFU_PUBLIC_KEY!,
            timeoutMs: c.HUIFU_TIMEOUT_MS,
          })
        : new SandboxProvider(c.HUIFU_SANDBOX_DELAY_SECONDS);
    byApp.set(app.db, p);
  }
  return p;
}

/** Tests swap the provider of one app (e.g. a sandbox with no delay). */
export function setProviderFor(app: AppLike, p: PaymentProvider) {
  byApp.set(app.db, p);
}

export type { PaymentProvider, ProviderAnswer, Submission } from './types.ts';
export { ProviderError } from './types.ts';
