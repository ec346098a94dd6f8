import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** server/src/modules/system/gen -> the repository root. */
const DEFAULT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

const envSchema = z.object({
  GEN_WRITE_ENABLED: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  NODE_ENV: z.string().optional(),
  /** Where generated files go (tests point it at a copy of the project); defaults to this checkout. */
  GEN_PROJECT_ROOT: z.string().trim().min(1).optional(),
});

/** Read at each call, so the decision follows the process environment (never cached across a test's change). */
export function genSettings(env: NodeJS.ProcessEnv = process.env) {
  const e = envSchema.parse({
    GEN_WRITE_ENABLED: env.GEN_WRITE_ENABLED,
    NODE_ENV: env.NODE_ENV,
    GEN_PROJECT_ROOT: env.GEN_PROJECT_ROOT || undefined,
  });
  return {
    /** Writing into the source tree: only with GEN_WRITE_ENABLED=true in development. */
    writeEnabled: e.GEN_WRITE_ENABLED && e.NODE_ENV === 'development',
    root: path.resolve(e.GEN_PROJECT_ROOT ?? DEFAULT_ROOT),
  };
}
