import type { App } from '../types.ts';
import { newToken, sha256 } from '../../lib/crypto.ts';
import { isoAfter, nowIso } from '../../lib/time.ts';

/** Opens a session: the client gets 256 random bits; the database keeps only their hash. */
export async function openSession(app: App, userId: number, ip: string, userAgent: string) {
  const token = newToken();
  await app.db
    .insertInto('session')
    .values({
      tokenHash: sha256(token),
      userId,
      expiresAt: isoAfter(app.config.TOKEN_TTL_HOURS * 3600_000),
      revokedAt: null,
      ip,
      userAgent: userAgent.slice(0, 300),
      createdAt: nowIso(),
    })
    .execute();
  return token;
}

export async function revokeSession(app: App, sessionId: number) {
  await app.db
    .updateTable('session')
    .set({ revokedAt: nowIso() })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Ends every open session of a user (disable, password change). */
export async function revokeUserSessions(app: App, userId: number) {
  await app.db
    .updateTable('session')
    .set({ revokedAt: nowIso() })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .execute();
}
