/**
 * The one place phone, ID and bank card numbers are masked, on the server (answers, logs) and in the browser.
 * Imports nothing, so a web chunk can use it without pulling zod in (web/src/lib/format.ts does).
 *
 * Shared principle: a value of its full length keeps a head and a tail; a shorter one (not the kind of number we
 * expect, or a fragment) keeps only its last 4 characters, and only when at least as many are hidden; anything of
 * 7 characters or fewer is hidden whole. Absent values ('' / null / undefined) give ''; callers pick their own
 * placeholder ('-' on screen).
 */

type Maybe = string | null | undefined;

/** The last 4 characters behind `stars(hidden)` when at least 4 are hidden, else only stars. */
function tailOnly(v: string, stars: (hidden: number) => string) {
  return v.length >= 8 ? `${stars(v.length - 4)}${v.slice(-4)}` : stars(v.length);
}

/**
 * Phone: 11 characters or more (mainland mobile, or with a country code) keep the first 3 and last 4 around a fixed
 * `****`: 13800000001 -> 138****0001. Shorter: `****` + last 4 (8-10 characters), or `****` alone.
 */
export function maskPhone(v: Maybe): string {
  if (!v) return '';
  if (v.length >= 11) return `${v.slice(0, 3)}****${v.slice(-4)}`;
  return tailOnly(v, () => '****');
}

/**
 * ID number: 15 characters or more (mainland IDs have 15 or 18) keep the first 4 and last 4 with one `*` per hidden
 * character, so the length stays visible: 142301199001011234 -> 1423**********1234. Shorter (passports, permits):
 * one `*` per hidden character + last 4 (8-14 characters), or all `*`.
 */
export function maskIdCard(v: Maybe): string {
  if (!v) return '';
  const stars = (n: number) => '*'.repeat(n);
  if (v.length >= 15) return `${v.slice(0, 4)}${stars(v.length - 8)}${v.slice(-4)}`;
  return tailOnly(v, stars);
}

/**
 * Bank card / account number: spaces and dashes are ignored; 12 digits or more keep the first 4 and last 4 in the
 * fixed grouped form `6222 **** **** 1234` (the length is not shown). Shorter: `**** ` + last 4 (8-11), or `****`.
 */
export function maskBankCard(v: Maybe): string {
  const d = (v ?? '').replace(/[\s-]/g, '');
  if (!d) return '';
  if (d.length >= 12) return `${d.slice(0, 4)} **** **** ${d.slice(-4)}`;
  return d.length >= 8 ? `**** ${d.slice(-4)}` : '****';
}

/**
 * Address (客户档案 lists for users without 查看完整信息): the first 6 characters (about city and district) and
 * `****`; a value of 12 characters or fewer keeps only a third of itself: 上海市浦东新区张杨路1234弄 -> 上海市浦东新****.
 */
export function maskAddress(v: Maybe): string {
  if (!v) return '';
  const keep = v.length > 12 ? 6 : Math.floor(v.length / 3);
  return `${v.slice(0, keep)}****`;
}
