/**
 * fast-check arbitraries for the route fuzzer: values derived from each field's JSON schema (the OpenAPI document built
 * from the zod schemas), their edges (one past each bound, wrong enum members) and families of hostile values (SQL,
 * path traversal, markup, control characters, emoji, numbers out of range, JSON fragments, bad dates, huge strings,
 * wrong JSON types).
 */
import fc from 'fast-check';

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
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
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
const HUGE = [256, 1025, 10 * 1024, 64 * 1024];

/** Any UTF-16 code unit, lone surrogates and control characters included. */
const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

/** A hostile string: one of the families, random code units, or a huge string. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...SQL, ...TRAVERSAL, ...MARKUP, ...CONTROL), weight: 4 },
  { arbitrary: fc.constantFrom(...EMOJI, ...NUMBERS, ...JSONISH, ...DATES), weight: 4 },
  { arbitrary: fc.string({ unit: anyUnit, maxLength: 40 }), weight: 2 },
  {
    arbitrary: fc
      .tuple(fc.constantFrom(...HUGE), fc.constantFrom('A', '中', '\u0000', "'"))
      .map(([n, c]) => c.repeat(n)),
    weight: 1,
  },
  { arbitrary: fc.constant(''), weight: 1 },
);

/** A value of the wrong type for a JSON body: numbers out of range, arrays, objects, null, booleans. */
export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(-1, 0, 1e308, -1e308, 2 ** 53 + 1, 1.5, -2147483649),
  fc.constantFrom(null, true, false),
  fc.tuple(hostileString, fc.constant(1), fc.constant(null)).map((a) => [...a]),
  fc.constant({ $gt: '', ['__proto__']: { polluted: 1 }, nested: { deep: [[[[1]]]] } }),
  fc.constant(Array.from({ length: 2000 }, (_, i) => i)),
  hostileString,
);

/** Every family member once (+ the huge sizes and the empty string), for the payload count in docs/security.md. */
export const CORPUS_SIZE =
  SQL.length +
  TRAVERSAL.length +
  MARKUP.length +
  CONTROL.length +
  EMOJI.length +
  NUMBERS.length +
  JSONISH.length +
  DATES.length +
  HUGE.length +
  1;

type Schema = Record<string, any>;
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** A value the schema accepts (as far as can be generated without lookahead patterns). */
export function validArb(s: Schema): fc.Arbitrary<unknown> {
  const alts: Schema[] | undefined = s.anyOf ?? s.oneOf;
  let arb: fc.Arbitrary<unknown>;
  if (alts?.length) arb = fc.oneof(...alts.map(validArb));
  else if (Array.isArray(s.enum) && s.enum.length) arb = fc.constantFrom(...s.enum);
  else if (s.type === 'integer') {
    const min = s.minimum === undefined ? -MAX_SAFE : s.minimum + (s.exclusiveMinimum ? 1 : 0);
    const max = s.maximum === undefined ? MAX_SAFE : s.maximum - (s.exclusiveMaximum ? 1 : 0);
    // Ids are small in the seed: most draws name real rows.
    const small = fc.integer({ min: Math.max(min, Math.min(1, max)), max: Math.min(max, Math.max(min, 40)) });
    arb = fc.oneof({ arbitrary: small, weight: 3 }, { arbitrary: fc.integer({ min, max }), weight: 1 });
  } else if (s.type === 'number')
    arb = fc.double({ min: s.minimum ?? -1e9, max: s.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
  else if (s.type === 'boolean') arb = fc.boolean();
  else if (s.type === 'array') arb = fc.array(validArb(s.items ?? {}), { maxLength: Math.min(s.maxItems ?? 5, 5) });
  else if (s.type === 'string') arb = stringArb(s);
  else arb = hostileString; // no schema (a preprocessed field): anything goes
  return s.nullable ? fc.option(arb, { nil: null }) : arb;
}

function stringArb(s: Schema): fc.Arbitrary<string> {
  if (s.format === 'date-time')
    return fc
      .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).map((v) => (s.maxLength ? v.slice(0, s.maxLength) : v));
    } catch {
      // lookahead patterns (passwords) are not supported: a plain string
    }
  }
  const maxLength = Math.min(s.maxLength ?? 40, 200);
  return fc.string({ unit: 'grapheme', minLength: Math.min(s.minLength ?? 0, maxLength), maxLength });
}

/** A value just outside the schema: one past each bound, a wrong enum member, a string one character too long. */
export function edgeArb(s: Schema): fc.Arbitrary<unknown> {
  const edges: unknown[] = [];
  if (s.type === 'integer' || s.type === 'number') {
    if (s.minimum !== undefined) edges.push(s.minimum - 1, s.minimum);
    if (s.maximum !== undefined) edges.push(s.maximum + 1, s.maximum);
    edges.push(0.5, -0, 2 ** 31, 2 ** 63);
  }
  if (Array.isArray(s.enum)) edges.push(`${s.enum[0]}x`, String(s.enum[0]).toUpperCase(), '');
  if (typeof s.maxLength === 'number') edges.push('字'.repeat(s.maxLength + 1), 'a'.repeat(s.maxLength));
  if (typeof s.minLength === 'number' && s.minLength > 0) edges.push('', ' '.repeat(s.minLength));
  if (s.type === 'array')
    edges.push(
      [],
      Array.from({ length: (s.maxItems ?? 2000) + 1 }, () => 1),
    );
  if (!s.nullable) edges.push(null);
  if (!edges.length) edges.push(''); // a nullable field without bounds
  return fc.constantFrom(...edges);
}

/** One field's value: valid (reaches the handler), at an edge, or hostile. */
export const fieldArb = (s: Schema, json: boolean): fc.Arbitrary<unknown> =>
  fc.oneof(
    { arbitrary: validArb(s), weight: 4 },
    { arbitrary: edgeArb(s), weight: 1 },
    { arbitrary: json ? hostileJson : hostileString, weight: 3 },
  );

/** How a value travels in a form body or query string. */
export const asFormValue = (v: unknown) =>
  typeof v === 'string'
    ? v
    : Array.isArray(v)
      ? v.join(',')
      : v !== null && typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);
