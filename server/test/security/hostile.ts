/** A small seeded generator of hostile inputs (no dependency: fast-check is not installed). */

/** mulberry32: a tiny, fast, seeded PRNG; the same seed gives the same sequence (failures are reproducible). */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)];
  return { next, int, pick, chance: (p: number) => next() < p };
}
export type Rng = ReturnType<typeof prng>;

export const SQL = [
  "' OR '1'='1",
  '1; DROP TABLE goods; --',
  '1 UNION SELECT password_hash FROM user --',
  "') OR 1=1 --",
  '1 AND sleep(5)',
  "'; UPDATE finance_account SET balance=99999999; --",
  '%',
  '_',
  '\\',
];
export const TRAVERSAL = [
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/etc/shadow',
  'file:///etc/passwd',
];
export const MARKUP = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '<%= 7*7 %>',
];
export const CONTROL = [
  '\u0000',
  '\u0000abc',
  'a\u0008b\u001bc',
  '\r\n\r\nX-Injected: 1',
  '\u202e\u202dreversed',
  '\ufeff',
  '\ud800',
];
export const EMOJI = ['😀', '👨‍👩‍👧‍👦'.repeat(50), '𠜎𠜱𠝹𠱓', '中文\u3000全角', 'ﷺ'.repeat(100)];
export const NUMBERS = [
  '-1',
  '0',
  '-0',
  '1e309',
  '9999999999999999999999',
  '-9223372036854775809',
  '2147483648',
  'NaN',
  'Infinity',
  '1.5',
  '0x10',
  '1_000',
  ' 1 ',
];
export const JSONISH = [
  '{',
  '[',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '[1,2,',
  'null',
  'true',
  '[]',
  '{}',
  '"',
];
export const DATES = ['2026-02-30', '9999-12-31', '0000-00-00', '2026-13-01T25:61:61Z', 'yesterday'];

/** A hostile string of any family; now and then a huge one. */
export function hostileString(r: Rng): string {
  const fam = r.int(0, 9);
  switch (fam) {
    case 0:
      return r.pick(SQL);
    case 1:
      return r.pick(TRAVERSAL);
    case 2:
      return r.pick(MARKUP);
    case 3:
      return r.pick(CONTROL);
    case 4:
      return r.pick(EMOJI);
    case 5:
      return r.pick(NUMBERS);
    case 6:
      return r.pick(JSONISH);
    case 7:
      return r.pick(DATES);
    case 8:
      return 'A'.repeat(r.pick([256, 1025, 10 * 1024, 64 * 1024]));
    default:
      return '';
  }
}

/** A value of the wrong type for a JSON body: numbers out of range, arrays, objects, null, booleans. */
export function hostileJson(r: Rng): unknown {
  const fam = r.int(0, 7);
  if (fam === 0) return r.pick([-1, 0, 1e308, -1e308, 2 ** 53 + 1, 1.5, -2147483649]);
  if (fam === 1) return r.pick([null, true, false]);
  if (fam === 2) return [hostileString(r), 1, null];
  if (fam === 3) return { $gt: '', __proto__: { polluted: 1 }, nested: { deep: [[[[1]]]] } };
  if (fam === 4) return Array.from({ length: 2000 }, (_, i) => i);
  return hostileString(r);
}

/** Every family once, for the payload count in docs/security.md. */
export const CORPUS_SIZE =
  SQL.length +
  TRAVERSAL.length +
  MARKUP.length +
  CONTROL.length +
  EMOJI.length +
  NUMBERS.length +
  JSONISH.length +
  DATES.length +
  4 +
  1;
