import { z } from 'zod';

/** Liveness: the process serves requests (no database call). */
export const liveResult = z.object({ status: z.literal('live') });

const database = { database: z.enum(['up', 'down']), latencyMs: z.number().int() };

/**
 * Readiness when ready (HTTP 200). Not ready answers HTTP 503 with code 500 and
 * `{status: 'not_ready', draining? | database, latencyMs, pendingMigrations?}`, outside this schema.
 */
export const readyResult = z.object({
  status: z.literal('ready'),
  ...database,
  pendingMigrations: z.literal(0),
});

/**
 * The combined check (HTTP 200 when the database answers; 503 with status 'degraded' when not). Public, so it says
 * only whether the service is up: the database kind and the version are in the metrics (jz_database_info,
 * jz_build_info), where the metrics token guards them.
 */
export const healthResult = z.object({ status: z.enum(['ok', 'degraded']) });
