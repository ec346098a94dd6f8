import { z } from 'zod';

/**
 * Payment-provider configuration, read from the environment by this module (HUIFU_*). The sandbox is the default;
 * HUIFU_MODE=live selects the Huifu adapter and then needs the ids and both keys. Keys come only from the
 * environment (PEM, or the bare base64 DER Huifu's console shows), never from the repository.
 */
const schema = z
  .object({
    HUIFU_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
    HUIFU_API_BASE: z.string().url().default('https://api.huifu.com'),
    HUIFU_SYS_ID: z.string().trim().optional(),
    HUIFU_PRODUCT_ID: z.string().trim().optional(),
    HUIFU_UPPER_HUIFU_ID: z.string().trim().optional(),
    HUIFU_PRIVATE_KEY: z.string().trim().optional(),
    HUIFU_PUBLIC_KEY: z.string().trim().optional(),
    HUIFU_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(10_000),
    HUIFU_SANDBOX_DELAY_SECONDS: z.coerce.number().int().min(0).max(3600).default(8),
  })
  .superRefine((c, ctx) => {
    if (c.HUIFU_MODE !== 'live') return;
    for (const k of ['HUIFU_SYS_ID', 'HUIFU_PRODUCT_ID', 'HUIFU_PRIVATE_KEY', 'HUIFU_PUBLIC_KEY'] as const)
      if (!c[k]) ctx.addIssue({ code: 'custom', path: [k], message: `${k} is required when HUIFU_MODE=live` });
  });

export type HuifuEnv = z.infer<typeof schema>;

export function loadHuifuEnv(env: Record<string, string | undefined> = process.env): HuifuEnv {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid payment-provider configuration:\n${lines}`);
  }
  return parsed.data;
}
