/**
 * Memory and time of the Excel import's check against hostile files (docs/import.md "Limits"), through the real
 * route over HTTP: the server listens in this process, each file is sent by a child process (so the client's copies
 * of the file are not counted), and the server's peak RSS above idle (sampled every 10 ms) is printed for each file
 * against the 100 MB target (PASS / MISS).
 *
 *   NODE_OPTIONS=--expose-gc npx tsx bench/import-memory.bench.ts      (from server/)
 *
 * BENCH_FILES=upload-10mb,normal-5000 runs only those (the normal file is always the warm-up); BENCH_RUNS=3 checks
 * each file three times (in turn) and prints min / median / max.
 *
 * Files (built first, written to a temporary folder, each read back just before its upload):
 *   column-z       2 000 000 rows, data only in column Z (one shared string)          → refused
 *   inline-112mb   ~112 MB of inline-string rows (ID and phone), sheet first, no shared strings → refused
 *   sheet-48mb     1 600 rows of 10 000 characters (mostly CJK) in column Z: 47 MB unpacked, read to the end
 *   cells-500k     5 001 rows × 100 empty styled cells (11 MB unpacked, ratio 5:1)    → refused
 *   upload-10mb    5 000 rows with a 750-character 简介 of random text + stored padding (~9.6 MB)
 *   normal-5000    the 5 000-row template file of bench/import.bench.ts (valid)
 */
import { randomBytes } from 'node:crypto';
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CLIENT_ID } from '@jz/contracts/auth';
import ExcelJS from 'exceljs';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDb } from '../src/db/client.ts';
import { openSession } from '../src/modules/auth/session.service.ts';
import { demoIdCard } from '../src/modules/merchant/employee/employee.seed.ts';
import { bootstrapDatabase } from '../src/startup/bootstrap.ts';
import { EMPLOYEE_HEAD, inlineRow, sheetXml, styledEmptyRows, workbook } from '../test/security/hostile-xlsx.ts';

const B = '/tmpl/api/app/jiazheng/yuangong/import';
const TARGET_MB = 100;
const MB = 2 ** 20;
const quiet = { info: () => {}, warn: () => {}, error: () => {} } as never;

function* columnZSharedRows(n: number) {
  for (let r = 2; r < n + 2; r++) yield `<row r="${r}"><c r="Z${r}" t="s"><v>0</v></c></row>`;
}

/** The same person on every row, inline strings, a long 简介: about 1 KB a row. */
function* inlineSameRows(n: number) {
  const intro = '勤快细心，有五年以上家政服务经验。'.repeat(30);
  for (let r = 2; r < n + 2; r++)
    yield inlineRow(r, ['王芳', '13712345678', '女', '', '140802198503010012', '山西运城', '', '', '', '', intro]);
}

/** Rows with 10 000 characters in column Z: a phrase repeated with a random letter every 40 characters. */
function* longColumnZRows(n: number) {
  const phrase = '家政服务保洁收纳做饭育儿养老护理月嫂钟点工'.repeat(2).slice(0, 39);
  for (let r = 2; r < n + 2; r++) {
    const letters = randomBytes(250);
    let text = '';
    for (let k = 0; k < 250; k++) text += phrase + String.fromCharCode(97 + (letters[k] % 26));
    yield `<row r="${r}"><c r="Z${r}" t="inlineStr"><is><t>${text}</t></is></c></row>`;
  }
}

const CJK = Array.from({ length: 3000 }, (_, i) => String.fromCharCode(0x4e00 + i));
function* randomIntroRows(n: number, chars: number) {
  for (let i = 0; i < n; i++) {
    const bytes = randomBytes(chars * 2);
    let intro = '';
    for (let k = 0; k < chars; k++) intro += CJK[bytes.readUInt16LE(k * 2) % CJK.length];
    yield inlineRow(i + 2, [
      `员工${i}`,
      `1366${String(i).padStart(7, '0')}`,
      i % 2 ? '男' : '女',
      '',
      demoIdCard('140802', '1990-05-12', i % 1000),
      '山西运城',
      '3',
      '',
      '',
      '',
      intro,
    ]);
  }
}

async function normalFile() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('员工');
  ws.addRow(EMPLOYEE_HEAD);
  for (let i = 0; i < 5000; i++)
    ws.addRow([
      `内存导入${i}`,
      `1355${String(i).padStart(7, '0')}`,
      i % 2 ? '男' : '女',
      '',
      demoIdCard('140802', `${1970 + Math.floor(i / 1000)}-05-12`, i % 1000),
      '山西运城',
      i % 20,
      '日常保洁、收纳整理',
      '日常保洁',
      '',
      '勤快细心，有五年以上家政服务经验。',
    ]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The client, in a child process: posts the file as multipart and prints the answer's body. */
async function send(url: string, file: string, authorization: string) {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)]), 'm.xlsx');
  const t0 = performance.now();
  const r = await fetch(url, { method: 'POST', headers: { client: CLIENT_ID, authorization }, body: form });
  const body = await r.text();
  process.stdout.write(JSON.stringify({ ms: performance.now() - t0, body }));
}

/** Writes the hostile files into `dir` (run in a child process, so building them does not weigh on idle). */
async function build(dir: string) {
  const save = (name: string, buf: Buffer) => writeFileSync(path.join(dir, `${name}.xlsx`), buf);
  save(
    '1-column-z',
    workbook(sheetXml(columnZSharedRows(2_000_000)), { sharedStrings: '<sst><si><t>x</t></si></sst>' }),
  );
  save('2-inline-112mb', workbook(sheetXml(inlineSameRows(112_000))));
  save('3-sheet-48mb', workbook(sheetXml(longColumnZRows(1600))));
  save('4-cells-500k', workbook(sheetXml(styledEmptyRows(5001, 100))));
  save(
    '5-upload-10mb',
    workbook(sheetXml(randomIntroRows(5000, 750)), {
      extra: [{ name: 'xl/media/pad.bin', body: [randomBytes(1.9 * MB).toString('base64')], stored: true }],
    }),
  );
  save('6-normal-5000', await normalFile());
}

if (process.argv[2] === 'build') {
  await build(process.argv[3]);
  process.exit(0);
}
if (process.argv[2] === 'send') {
  await send(process.argv[3], process.argv[4], process.argv[5]);
  process.exit(0);
}

const dir = mkdtempSync(path.join(tmpdir(), 'jz-import-memory-'));
console.log('building files…');
execFileSync(process.execPath, [...process.execArgv, process.argv[1], 'build', dir], { stdio: 'inherit' });
const only = process.env.BENCH_FILES?.split(',');
const files = readdirSync(dir)
  .sort()
  .filter((f) => !only || only.some((o) => f.includes(o)) || f.includes('normal'))
  .map((f) => ({
    name: f.replace(/^\d-|\.xlsx$/g, ''),
    file: path.join(dir, f),
    bytes: statSync(path.join(dir, f)).size,
  }));

const db = path.join(dir, 'bench.db');
const h = openDb({ kind: 'sqlite', file: db });
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'always',
  DATABASE_URL: `sqlite:${db}`,
  RATE_LIMIT: 'off',
});
await bootstrapDatabase(h.db, config, quiet);
const app = await buildApp(config, { db: h, logger: false });
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
const owner = await h.db.selectFrom('user').select('id').where('phone', '=', '13800000001').executeTakeFirstOrThrow();
const headers = {
  client: CLIENT_ID,
  authorization: `Bearer ${await openSession(app, owner.id, '127.0.0.1', 'bench')}`,
};

const run = promisify(execFile);
/** The outcome, and the time from the upload's start to the report (the client's own start-up not counted). */
async function checkOnce(file: string) {
  const { stdout } = await run(process.execPath, [
    ...process.execArgv,
    process.argv[1],
    'send',
    `${origin}${B}/check`,
    file,
    headers.authorization,
  ]);
  const sent = JSON.parse(stdout) as { ms: number; body: string };
  const t0 = performance.now() - sent.ms;
  const r = JSON.parse(sent.body);
  if (r.code !== 200) return { ms: sent.ms, outcome: `${r.code} ${r.message}` };
  let j = r.result;
  while (j.status === 'checking') {
    await new Promise((res) => setTimeout(res, 100));
    j = JSON.parse((await app.inject({ method: 'GET', url: `${B}/progress/${j.importId}`, headers })).body).result;
  }
  const first = j.errors[0]
    ? `; first: ${j.errors[0].column} "${j.errors[0].value}" (${j.errors[0].value.length} chars)`
    : '';
  const outcome =
    j.status === 'failed' ? `failed ${j.message}` : `${j.status}, ${j.total} rows, ${j.errorCount} problems${first}`;
  return { ms: performance.now() - t0, outcome };
}

const settle = async () => {
  for (let i = 0; i < 3; i++) {
    global.gc?.();
    await new Promise((r) => setTimeout(r, 200));
  }
};

// Warm up (code paths, caches) with the normal file, then take idle.
await checkOnce(files.at(-1)!.file);
await settle();
const idle = process.memoryUsage().rss;
console.log(
  `\nidle RSS ${(idle / MB).toFixed(0)} MB (${loadavg()[0].toFixed(1)} load on ${cpus().length} cores)${global.gc ? '' : ' — run with NODE_OPTIONS=--expose-gc for steadier figures'}`,
);
console.log(
  `${'file'.padEnd(13)} ${'size'.padStart(8)}  ${'time'.padStart(6)}  ${'peak RSS − idle'.padStart(15)}  ${'heap/extern'.padStart(12)}  target  outcome`,
);
const verdict = (mb: number) => (mb <= TARGET_MB ? 'PASS' : 'MISS');
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const peaks = new Map<string, number[]>(files.map((f) => [f.name, []]));
for (let n = 0; n < runs; n++)
  for (const f of files) {
    await settle();
    // Idle and the start of the peak: RSS released after the previous file is not counted again, RSS kept is.
    let peak = process.memoryUsage().rss;
    let heap = 0;
    let external = 0;
    const timer = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.rss);
      heap = Math.max(heap, m.heapUsed);
      external = Math.max(external, m.external);
    }, 10);
    const { ms, outcome } = await checkOnce(f.file);
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    const above = (peak - idle) / MB;
    peaks.get(f.name)!.push(above);
    console.log(
      `${f.name.padEnd(13)} ${`${(f.bytes / MB).toFixed(2)} MB`.padStart(8)}  ${`${(ms / 1000).toFixed(2)} s`.padStart(6)}  ${`${above.toFixed(0)} MB`.padStart(15)}  ${`${(heap / MB).toFixed(0)}/${(external / MB).toFixed(0)} MB`.padStart(12)}  ${verdict(above)}    ${outcome}`,
    );
  }
console.log(`\npeak RSS above idle, ${runs} run${runs > 1 ? 's' : ''} (target ≤ ${TARGET_MB} MB):`);
let worst = 0;
for (const [name, list] of peaks) {
  const sorted = [...list].sort((a, b) => a - b);
  const max = sorted.at(-1)!;
  worst = Math.max(worst, max);
  console.log(
    `${name.padEnd(13)} min ${sorted[0].toFixed(0).padStart(3)}  median ${sorted[Math.floor((sorted.length - 1) / 2)].toFixed(0).padStart(3)}  max ${max.toFixed(0).padStart(3)} MB  ${verdict(max)}`,
  );
}
console.log(`worst: ${worst.toFixed(0)} MB: ${verdict(worst)}`);
await app.close();
await h.close().catch(() => {});
rmSync(dir, { recursive: true, force: true });
