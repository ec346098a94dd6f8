import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString('base64url');
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** Keyed hash for short secrets (SMS codes) so a database leak does not reveal them by brute force of 10^6. */
export const hmac = (secret: string, s: string) => createHmac('sha256', secret).update(s).digest('hex');
export const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
export function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
