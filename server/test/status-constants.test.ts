/**
 * Status values are named once, in packages/contracts (ORDER_STATUS, WITHDRAW_STATUS, WORK_STATE, SHELF_STATE,
 * STATUS_FLAG…): the server names them, it never writes the raw number. This scan refuses a raw status number in a
 * query (`.where('status', '=', 20)`, `in [30, 40]`, raw SQL `status in (50, 60)`), a write (`status: 0`), a
 * comparison (`x.auditStatus === 1`) or a default (`v.status ?? 0`). Migrations are checksummed history and keep theirs.
 * Statuses are one or two digits; three-digit numbers next to `status` are HTTP statuses and are not matched.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');
const NAME = '(?:status|state|[A-Za-z]+State|[A-Za-z]+Status)';
const NUM = String.raw`\(?\s*\[?\s*[0-9]{1,2}\b`;

const PATTERNS: { what: string; re: RegExp }[] = [
  {
    what: 'query',
    re: new RegExp(String.raw`['"][A-Za-z.]*${NAME}['"],\s*['"](=|<>|!=|in|not in|>=|<=|>|<)['"],\s*${NUM}`),
  },
  { what: 'write', re: new RegExp(String.raw`\b${NAME}\s*:\s*[0-9]{1,2}\b`) },
  { what: 'comparison', re: new RegExp(String.raw`\b${NAME}\s*(===|!==|==|!=|>=|<=|>|<)\s*[0-9]{1,2}\b`) },
  { what: 'default', re: new RegExp(String.raw`\b${NAME}\s*(\?\?|\|\|)\s*[0-9]{1,2}\b`) },
  { what: 'raw SQL', re: /\b(?:status|[a-z_]+_state|[a-z_]+_status)\s+(?:=|<>|!=|in|not in)\s+\(?\s*[0-9]{1,2}\b/ },
];

const isComment = (line: string) => /^\s*(\/\/|\*|\/\*)/.test(line);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sources(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

/** Every `file:line` of `files` (path → text) holding a raw status number. */
function rawStatusLines(files: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    text.split('\n').forEach((line, i) => {
      if (isComment(line)) return;
      const hit = PATTERNS.find((p) => p.re.test(line));
      if (hit) found.push(`${file}:${i + 1} (${hit.what}) ${line.trim()}`);
    });
  }
  return found;
}

describe('status constants', () => {
  it('the scan recognises each form of a raw status number (and not HTTP statuses or comments)', () => {
    const sample = [
      ".where('serviceOrder.status', 'in', [30, 40])",
      ".where('shelfState', '=', 1)",
      '.set({ status: 40, updatedAt: now })',
      'if (card.status !== 1) return;',
      'if (state === 1) open();',
      'const s = v.status ?? 0;',
      'sql`sum(case when status in (50, 60) then 1 else 0 end)`',
    ];
    const clean = [
      ".where('status', 'in', [ORDER_STATUS.DONE, ORDER_STATUS.REVIEWED])",
      'if (res.status >= 500 || res.status === 429) retry();',
      ' * `UPDATE ... WHERE status = 20` claims it',
      'reply.status(404);',
    ];
    expect(rawStatusLines(new Map(sample.map((l, i) => [`s${i}`, l])))).toHaveLength(sample.length);
    expect(rawStatusLines(new Map(clean.map((l, i) => [`c${i}`, l])))).toEqual([]);
  });

  it('server/src (migrations aside) names every status through a contracts constant', () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(100);
    const texts = new Map(files.map((f) => [path.relative(SRC, f), readFileSync(f, 'utf8')]));
    expect(rawStatusLines(texts)).toEqual([]);
  });
});
