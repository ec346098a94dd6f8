import { STATUS_FLAG } from '@jz/contracts/common';
import { CLIENT_ID } from '@jz/contracts/auth';
import { SUPER_PERM } from '@jz/contracts/menu';
import { sql } from 'kysely';
import { runPrepared } from '../db/prepared.ts';
import { accessOf, permsOf } from '../lib/access.ts';
import { callerCacheOf, startCallerCache, stopCallerCache } from '../lib/caller-cache.ts';
import { sha256 } from '../lib/crypto.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { nowIso } from '../lib/time.ts';
import type { App } from '../lib/app-type.ts';
import { type AuthUser, currentUser } from '../lib/caller.ts';

// The caller's type and accessor live in lib/ (lib/tenant.ts and lib/authority.ts need them; lib/ imports no plugin).
export type { AuthUser };
export { currentUser };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Anyone may call it. */
    public?: boolean;
    /** Any signed-in user may call it. */
    signedIn?: boolean;
    /**
     * The permission code the caller must hold (`super` passes every check): the code of the data the route returns
     * or the action it performs. A route returning business data declares one; `signedIn` is for the caller's own
     * records and shared reference data only (server/test/security/authz-matrix.test.ts holds that list).
     */
    perm?: string;
    /** Other codes that pass as well (data shared by two pages, e.g. filter choices of orders and reviews). */
    alsoPerms?: readonly string[];
    /**
     * An employee signed in on the staff page (docs/staff.md): this hook leaves it to the staff module's, which reads
     * staff_session; console tokens are refused there, and staff tokens everywhere else.
     */
    staff?: boolean;
    /** Operation log by declaration (plugins/oplog.ts writes the row). */
    oplog?: { title: string; type: 'add' | 'edit' | 'delete' | 'grant' | 'export' | 'import' | 'other' | 'login' };
  }
}

/** Platform-only codes: a merchant user never passes these, whatever its roles say. */
export const isPlatformPerm = (p: string) => p.startsWith('sys:') || p.startsWith('platform:');

export function hasPerm(user: AuthUser, perm: string) {
  if (isPlatformPerm(perm) && user.userType !== 'platform') return false;
  return user.perms.has(SUPER_PERM) || user.perms.has(perm);
}

export function bearerToken(header: string | undefined) {
  if (!header) return undefined;
  const m = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
  return m?.[1];
}

/**
 * Loads the signed-in user behind a token; undefined when the token is unknown, revoked, expired or the user is off.
 * Permissions and shop scope come from the in-process cache keyed by the user's auth version (lib/access.ts). On
 * PostgreSQL the whole caller is kept in process by token (lib/caller-cache.ts: dropped by the database's notification
 * of any change, checked caught up on the listening connection), so a repeat request sends no session query. SQLite
 * keeps the one query per request (session + user row with its auth version): a single local prepared statement, no
 * network, and no notification would reach a cache from another writer of the file. Either way a sign-out, a disabled
 * user or a changed grant is seen at the very next request on every instance.
 */
export async function resolveToken(app: App, token: string): Promise<AuthUser | undefined> {
  const db = app.db;
  const tokenHash = sha256(token);
  const cache = callerCacheOf(db);
  if (cache) {
    const hit = await cache.get(tokenHash);
    if (hit) return { ...hit };
  }
  // Taken before the read: what was read is kept only if no change was announced meanwhile.
  const ticket = cache?.ticket();
  // Compiled once and run as a prepared statement (db/prepared.ts): the hottest statement of the server.
  const [row] = await runPrepared(db, 'auth.caller', { tokenHash, now: nowIso(), enabled: STATUS_FLAG.ENABLED }, (p) =>
    db
      .selectFrom('session')
      .innerJoin('user', 'user.id', 'session.userId')
      .select([
        'session.id as sessionId',
        'session.expiresAt',
        'user.id',
        'user.userType',
        'user.merchantId',
        'user.isOwner',
        'user.loginName',
        'user.nickName',
        'user.phone',
        'user.currentShopId',
        'user.allShops',
        'user.authVersion',
      ])
      .where('session.tokenHash', '=', p.tokenHash)
      .where('session.revokedAt', 'is', null)
      .where('session.expiresAt', '>', p.now)
      .where('user.status', '=', p.enabled),
  );
  if (!row) return undefined;
  const { allShops: _allShops, expiresAt, ...user } = row;
  const isOwner = row.isOwner === 1;
  const access = await accessOf(db, { ...row, isOwner });
  const caller = { ...user, isOwner, ...access };
  cache?.store(ticket, tokenHash, caller, expiresAt);
  return caller;
}

/** The permission codes a user holds (read now, not cached: for other users than the caller). */
export async function loadPerms(app: App, userId: number): Promise<Set<string>> {
  return permsOf(app.db, userId);
}

export { permsOf };

/**
 * One hook enforces what each route declares in `config`: public, signedIn or perm; `staff` routes are left to the
 * staff module's hook (modules/staff). A route under /tmpl/api that declares none of them refuses to register, so an
 * unguarded route cannot ship.
 */
export function registerAuth(app: App) {
  if (app.dbKind === 'postgres' && app.config.DATABASE_URL) {
    const cache = startCallerCache(app.db, app.config.DATABASE_URL, app.log);
    app.addHook('onClose', () => stopCallerCache(app.db, cache));
  }
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/tmpl/api') || route.url.startsWith('/tmpl/api/docs')) return;
    const c = (route.config ?? {}) as {
      public?: boolean;
      signedIn?: boolean;
      perm?: string;
      alsoPerms?: readonly string[];
      staff?: boolean;
    };
    if (c.alsoPerms && !c.perm) throw new Error(`route ${route.method} ${route.url} declares alsoPerms without perm`);
    if (c.staff && (c.public || c.signedIn || c.perm))
      throw new Error(`route ${route.method} ${route.url} declares staff with a console access rule`);
    if (!c.public && !c.signedIn && !c.perm && !c.staff)
      throw new Error(`route ${route.method} ${route.url} declares neither public, signedIn, perm nor staff`);
    app.routeCatalogue.push({ method: route.method, url: route.url, config: c });
  });

  app.addHook('onRequest', async (req) => {
    const c = req.routeOptions.config;
    if (!req.routeOptions.url?.startsWith('/tmpl/api') || req.routeOptions.url.startsWith('/tmpl/api/docs')) return;
    // An employee's call on the staff page: the staff module's own hook authenticates it against staff_session (a
    // console token is unknown there), and no console user is ever loaded for it.
    if (c.staff) return;
    const token = bearerToken(req.headers.authorization);
    if (c.public) {
      if (token) req.user = await resolveToken(app, token);
      return;
    }
    if (!token) throw unauthorized('请先登录');
    const user = await resolveToken(app, token);
    if (!user) throw unauthorized('登录已过期，请重新登录');
    req.user = user;
    if (c.perm && !hasPerm(user, c.perm) && !c.alsoPerms?.some((p) => hasPerm(user, p))) throw forbidden();
  });
}

/** The caller, for routes that are not public (the hook has already refused anonymous calls). */

export { CLIENT_ID, sql };
