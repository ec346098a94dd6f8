import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Times on screen are Shanghai's whatever the browser's zone (docs/time.md): "now", "today" and the display of an
 * instant go through src/lib/zone.ts (or format.ts, the staff page's lib/time.ts, @jz/contracts/shanghai-time). The
 * browser-zone calls below read or show the browser's clock; outside the zone module they are a bug.
 */
const BROWSER_ZONE: { re: RegExp; use: string }[] = [
  { re: /\bdayjs\(\s*\)/, use: 'businessNow() or pickerNow() (lib/zone.ts)' },
  { re: /\bnew Date\(\s*\)/, use: 'Date.now() for an instant, businessNow() for a time shown' },
  { re: /\.toLocale(Date|Time)?String\(/, use: 'formatDateTime / formatDate (lib/format.ts)' },
  { re: /\.get(Hours|Minutes|Date|Day|Month|FullYear)\(\)/, use: 'businessNow().hour() … or shanghaiDay / wallHm' },
  { re: /\bnew Intl\.DateTimeFormat\(/, use: 'lib/format.ts' },
  { re: /['"]dayjs\/plugin\/(utc|timezone)['"]/, use: 'lib/zone.ts, the one module that sets the zone' },
];
const ALLOWED = new Set(['src/lib/zone.ts']);

/** Source lines (comments aside) that read the browser's zone, as 'file:line: text → use'. */
function browserZoneCalls(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => {
    const code = line.replace(/\/\/.*$/, '');
    if (/^\s*(\*|\/\*)/.test(code)) return [];
    const hit = BROWSER_ZONE.find((p) => p.re.test(code));
    return hit ? [`${file}:${i + 1}: ${line.trim()} → ${hit.use}`] : [];
  });
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('times in the business zone (src/lib/zone.ts)', () => {
  it('the scan finds a browser-zone call', () => {
    expect(browserZoneCalls('x.tsx', 'const h = dayjs().hour();\n// dayjs() in a comment\n')).toEqual([
      'x.tsx:1: const h = dayjs().hour(); → businessNow() or pickerNow() (lib/zone.ts)',
    ]);
    expect(browserZoneCalls('x.ts', 'new Date(iso).toLocaleString("zh-CN")')).toHaveLength(1);
    expect(browserZoneCalls('x.ts', 'const d = new Date();')).toHaveLength(1);
    expect(browserZoneCalls('x.ts', "import tz from 'dayjs/plugin/timezone';")).toHaveLength(1);
    expect(browserZoneCalls('x.ts', 'dayjs(value.startDate); Date.now(); new Date(ms).toISOString()')).toEqual([]);
  });

  it('no page, component or lib reads the browser zone outside the zone module', () => {
    const root = join(import.meta.dirname, '..');
    const files = sources(join(root, 'src'));
    expect(files.length).toBeGreaterThan(100);
    const found = files
      .map((f) => relative(root, f))
      .filter((f) => !ALLOWED.has(f))
      .flatMap((f) => browserZoneCalls(f, readFileSync(join(root, f), 'utf8')));
    expect(found).toEqual([]);
  });
});
