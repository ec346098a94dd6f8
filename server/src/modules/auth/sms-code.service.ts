import { sql } from 'kysely';
import type { App } from '../types.ts';
import { hmac, safeEqual, sixDigits } from '../../lib/crypto.ts';
import { business, invalid, rateLimited } from '../../lib/errors.ts';
import { dayjs, isoAfter, nowIso, TZ } from '../../lib/time.ts';

export const SMS_RULES = {
  ttlMs: 5 * 60_000,
  resendAfterMs: 60_000,
  perHour: 5,
  perDay: 10,
  perIpHour: 30,
  maxAttempts: 5,
};

const count = (app: App, where: (q: any) => any) =>
  where(app.db.selectFrom('smsCode').select(sql<number>`count(*)`.as('n')))
    .executeTakeFirstOrThrow()
    .then((r: { n: number }) => Number(r.n));

/**
 * Issues a 6-digit code (CSPRNG, stored as a keyed hash) after the resend, hourly, daily and per-IP limits.
 * The counters are rows in the database, so several instances share them.
 */
export async function issueCode(app: App, phone: string, purpose: string, ip: string) {
  if (app.config.SMS_RATE_LIMIT !== 'off') await checkLimits(app, phone, purpose, ip);
  const code = app.config.DEMO_SMS_CODE ?? sixDigits();
  const { id } = await app.db
    .insertInto('smsCode')
    .values({
      phone,
      purpose,
      codeHash: hmac(app.config.APP_SECRET, code),
      expiresAt: isoAfter(SMS_RULES.ttlMs),
      attempts: 0,
      usedAt: null,
      ip,
      createdAt: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    await app.sms.sendCode(phone, code);
  } catch (err) {
    // The provider failed: the code never reached the phone, so it must not count against the limits either.
    await app.db.deleteFrom('smsCode').where('id', '=', id).execute();
    app.log.error({ err, phone }, 'sms send failed');
    throw business('短信发送失败，请稍后再试');
  }
}

/**
 * Checks and consumes the newest code: single use (a concurrent second use loses), dead after 5 tries. Each guess
 * first reserves one try with a conditional increment, so concurrent guesses cannot exceed the limit either.
 */
export async function consumeCode(app: App, phone: string, purpose: string, code: string) {
  const row = await app.db
    .selectFrom('smsCode')
    .select(['id', 'codeHash', 'expiresAt', 'usedAt'])
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row || row.usedAt || row.expiresAt <= nowIso()) throw business('验证码已失效，请重新获取');
  const reserved = await app.db
    .updateTable('smsCode')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', row.id)
    .where('attempts', '<', SMS_RULES.maxAttempts)
    .returning('attempts')
    .executeTakeFirst();
  if (!reserved) throw business('验证码错误次数过多，请重新获取');
  if (!safeEqual(row.codeHash, hmac(app.config.APP_SECRET, code))) {
    const left = SMS_RULES.maxAttempts - reserved.attempts;
    throw invalid(left > 0 ? `验证码错误，还可尝试 ${left} 次` : '验证码错误次数过多，请重新获取');
  }
  const used = await app.db
    .updateTable('smsCode')
    .set({ usedAt: nowIso() })
    .where('id', '=', row.id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) throw business('验证码已失效，请重新获取');
}

async function checkLimits(app: App, phone: string, purpose: string, ip: string) {
  const now = Date.now();
  const last = await app.db
    .selectFrom('smsCode')
    .select('createdAt')
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (last) {
    const wait = Math.ceil((Date.parse(last.createdAt) + SMS_RULES.resendAfterMs - now) / 1000);
    if (wait > 0) throw rateLimited(`验证码发送过于频繁，请 ${wait} 秒后再试`);
  }
  const hourAgo = new Date(now - 3600_000).toISOString();
  const inHour = await app.db
    .selectFrom('smsCode')
    .select('createdAt')
    .where('phone', '=', phone)
    .where('createdAt', '>', hourAgo)
    .orderBy('createdAt')
    .execute();
  if (inHour.length >= SMS_RULES.perHour) {
    const mins = Math.max(1, Math.ceil((Date.parse(inHour[0].createdAt) + 3600_000 - now) / 60_000));
    throw rateLimited(`该手机号 1 小时内发送次数已达上限，请 ${mins} 分钟后再试`);
  }
  const dayStart = dayjs().tz(TZ).startOf('day').toISOString();
  if ((await count(app, (q) => q.where('phone', '=', phone).where('createdAt', '>=', dayStart))) >= SMS_RULES.perDay)
    throw rateLimited('该手机号今日发送次数已达上限，请明天再试');
  if ((await count(app, (q) => q.where('ip', '=', ip).where('createdAt', '>', hourAgo))) >= SMS_RULES.perIpHour)
    throw rateLimited('当前网络发送验证码过于频繁，请 1 小时后再试');
}
