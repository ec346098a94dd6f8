import { STATUS_FLAG } from '@jz/contracts/common';
import { sql } from 'kysely';
import './auth.tables.ts';
import { business, rateLimited } from '../../lib/errors.ts';
import { nowIso } from '../../lib/time.ts';
import { verifyPassword } from '../../lib/password.ts';
import type { App } from '../types.ts';
import { SMS_RULES } from './sms-code.service.ts';

/**
 * 密码登录 limits, the same as for SMS codes: 5 failed tries per account (whether the login name or the phone was
 * typed) lock it for the rest of the hour window, and 30 tries per IP and hour. Rows live in login_attempt so every
 * instance shares them. Each try first inserts its own row and then counts: concurrent guesses cannot pass the limit.
 */
export const PASSWORD_RULES = {
  maxFailures: SMS_RULES.maxAttempts,
  windowMs: 3600_000,
  perIpHour: SMS_RULES.perIpHour,
};

const WRONG = '账号或密码错误';

async function failuresSince(app: App, key: string, since: string) {
  const r = await app.db
    .selectFrom('loginAttempt')
    .select([sql<number>`count(*)`.as('n'), sql<string>`min(created_at)`.as('first')])
    .where('accountKey', '=', key)
    .where('success', '=', 0)
    .where('createdAt', '>', since)
    .executeTakeFirstOrThrow();
  return { n: Number(r.n), first: r.first };
}

interface TryMessages {
  /** The caller's address made too many tries this hour. */
  ipLimited: string;
  /** The account is locked, for `mins` more minutes. */
  locked: (mins: number) => string;
  /** A wrong password, `left` tries before the lock (0: locked now). */
  wrong: (left: number) => string;
}

/**
 * One password try under the limits above, for the account `key` (`u:<userId>`, or `x:<typed name>` when unknown):
 * refuses while the caller's address or the account is over its limit (2004/429), reserves the try, runs `check`
 * and answers when it was right (the account's earlier failures cleared), else throws 2004 with the tries left.
 * `accept` runs after a right password and before the try is marked good: it may still refuse (the try then counts).
 * Sign-in and the old-password check of sys/user/edit/password share it, and one budget per account.
 */
export async function limitedPasswordTry(
  app: App,
  o: { key: string; ip: string; check: () => Promise<boolean>; accept?: () => void; messages: TryMessages },
): Promise<void> {
  const now = Date.now();
  const since = new Date(now - PASSWORD_RULES.windowMs).toISOString();
  const { key, ip, messages } = o;

  const ipTries = await app.db
    .selectFrom('loginAttempt')
    .select(sql<number>`count(*)`.as('n'))
    .where('ip', '=', ip)
    .where('createdAt', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(ipTries.n) >= PASSWORD_RULES.perIpHour) throw rateLimited(messages.ipLimited);

  const locked = (first: string | null) => {
    const mins = Math.max(1, Math.ceil(((first ? Date.parse(first) : now) + PASSWORD_RULES.windowMs - now) / 60_000));
    return rateLimited(messages.locked(mins));
  };
  const before = await failuresSince(app, key, since);
  if (before.n >= PASSWORD_RULES.maxFailures) throw locked(before.first);

  // Reserve this try (counted as a failure until it succeeds), then count again: a concurrent burst sees itself.
  const { id: attemptId } = await app.db
    .insertInto('loginAttempt')
    .values({ accountKey: key, ip, success: 0, createdAt: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const after = await failuresSince(app, key, since);
  const rank = await app.db
    .selectFrom('loginAttempt')
    .select(sql<number>`count(*)`.as('n'))
    .where('accountKey', '=', key)
    .where('success', '=', 0)
    .where('createdAt', '>', since)
    .where('id', '<=', attemptId)
    .executeTakeFirstOrThrow();
  if (Number(rank.n) > PASSWORD_RULES.maxFailures) throw locked(after.first);

  if (!(await o.check())) throw business(messages.wrong(Math.max(0, PASSWORD_RULES.maxFailures - Number(rank.n))));
  o.accept?.();
  await app.db.updateTable('loginAttempt').set({ success: 1 }).where('id', '=', attemptId).execute();
  // A right password clears the account's earlier failures.
  await app.db
    .deleteFrom('loginAttempt')
    .where('accountKey', '=', key)
    .where('success', '=', 0)
    .where('id', '<', attemptId)
    .execute();
}

/** Checks login name or phone + password; answers the user id, or throws (2001 wrong, 2004/429 locked). */
export async function passwordSignIn(app: App, account: string, password: string, ip: string): Promise<number> {
  const user = await app.db
    .selectFrom('user')
    .select(['id', 'status', 'passwordHash'])
    .where((w) => w.or([w('phone', '=', account), w('loginName', '=', account)]))
    .orderBy('id')
    .executeTakeFirst();
  await limitedPasswordTry(app, {
    key: user ? `u:${user.id}` : `x:${account.toLowerCase()}`,
    ip,
    check: async () => !!user && (await verifyPassword(password, user.passwordHash)),
    accept: () => {
      if (user?.status === STATUS_FLAG.DISABLED) throw business('该账号已停用，请联系管理员');
    },
    messages: {
      ipLimited: '当前网络登录尝试过于频繁，请 1 小时后再试',
      locked: (mins) => `密码错误次数过多，账号已锁定，请 ${mins} 分钟后再试或使用短信登录`,
      wrong: (left) => (left > 0 ? `${WRONG}，还可尝试 ${left} 次` : `${WRONG}，账号已锁定 1 小时，可使用短信登录`),
    },
  });
  return user!.id;
}
