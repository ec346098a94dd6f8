/**
 * The Excel import benchmark (docs/import.md): a 5 000-row employee file (the row limit) through the real
 * routes — upload + check (streamed reading, the form's schema, the rules across rows and against the database), then
 * the confirmation (one transaction, one insert per row) — on SQLite and, when reachable, PostgreSQL. Prints the file
 * size, each phase's time and the process's peak RSS / heap growth while it ran (sampled every 20 ms).
 *
 *   npx tsx bench/import.bench.ts            (from server/)
 *   BENCH_ROWS      rows (default 5000)
 *   BENCH_PG_URL    an admin PostgreSQL URL (default postgres://postgres@127.0.0.1:5432/postgres); a database is
 *                   created and dropped there. BENCH_PG=off skips PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_ID } from '@jz/contracts/auth';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type DbHandle, openDb } from '../src/db/client.ts';
import { openSession } from '../src/modules/auth/session.service.ts';
import { demoIdCard } from '../src/modules/merchant/employee/employee.seed.ts';
import { bootstrapDatabase } from '../src/startup/bootstrap.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 5000);
const B = '/tmpl/api/app/jiazheng/yuangong/import';
const quiet = { info: () => {}, warn: () => {}, error: () => {} } as never;
const HEAD = [
  '姓名*',
  '手机号*',
  '性别*',
  '出生日期',
  '身份证号*',
  '籍贯',
  '从业年限',
  '技能',
  '服务类目',
  '所属店铺',
  '简介',
];

async function file() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('员工');
  ws.addRow(HEAD);
  for (let i = 0; i < ROWS; i++) {
    const year = 1970 + Math.floor(i / 1000);
    ws.addRow([
      `压测导入${i}`,
      `1365${String(i).padStart(7, '0')}`,
      i % 2 ? '男' : '女',
      '',
      demoIdCard('140802', `${year}-05-12`, i % 1000),
      '山西运城',
      i % 20,
      '日常保洁、收纳整理、做饭',
      '日常保洁',
      '',
      '勤快细心，有五年以上家政服务经验。',
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function multipart(data: Buffer) {
  const boundary = `----bench${randomBytes(6).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Runs `fn`, sampling RSS and heap: answers ms and the peaks above the values before. */
async function measured<T>(fn: () => Promise<T>) {
  global.gc?.();
  const before = process.memoryUsage();
  let rss = before.rss;
  let heap = before.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 20);
  const t0 = performance.now();
  try {
    const value = await fn();
    return {
      value,
      ms: performance.now() - t0,
      rssMb: (rss - before.rss) / 2 ** 20,
      heapMb: (heap - before.heapUsed) / 2 ** 20,
      peakRssMb: rss / 2 ** 20,
    };
  } finally {
    clearInterval(timer);
  }
}

async function run(kind: 'sqlite' | 'postgres', h: DbHandle, url: string, data: Buffer) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'always',
    DATABASE_URL: url,
    RATE_LIMIT: 'off',
  });
  await bootstrapDatabase(h.db, config, quiet);
  const app = await buildApp(config, { db: h, logger: false });
  const owner = await h.db.selectFrom('user').select('id').where('phone', '=', '13800000001').executeTakeFirstOrThrow();
  const token = await openSession(app, owner.id, '127.0.0.1', 'bench');
  const headers = { client: CLIENT_ID, authorization: `Bearer ${token}` };
  const job = async (id: number) =>
    JSON.parse((await app.inject({ method: 'GET', url: `${B}/progress/${id}`, headers })).body).result;

  let polls = 0;
  const check = await measured(async () => {
    const { payload, contentType } = multipart(data);
    const r = JSON.parse(
      (
        await app.inject({
          method: 'POST',
          url: `${B}/check`,
          headers: { ...headers, 'content-type': contentType },
          payload,
        })
      ).body,
    );
    if (r.code !== 200) throw new Error(JSON.stringify(r).slice(0, 300));
    let j = r.result;
    while (j.status === 'checking') {
      await new Promise((res) => setTimeout(res, 100));
      polls++;
      j = await job(j.importId);
    }
    if (j.status !== 'valid') throw new Error(`check: ${j.status} ${JSON.stringify(j.errors.slice(0, 3))}`);
    return j;
  });
  const confirm = await measured(async () => {
    const r = JSON.parse(
      (
        await app.inject({
          method: 'POST',
          url: `${B}/confirm`,
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
          payload: `importId=${check.value.importId}`,
        })
      ).body,
    );
    if (r.code !== 200) throw new Error(JSON.stringify(r).slice(0, 300));
    return r.result;
  });
  const load = `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`;
  console.log(`\n${kind} (${load}): ${ROWS} rows, file ${(data.length / 2 ** 20).toFixed(2)} MB`);
  const line = (name: string, m: typeof check) =>
    console.log(
      `  ${name.padEnd(24)} ${(m.ms / 1000).toFixed(2).padStart(6)} s   RSS +${m.rssMb.toFixed(0).padStart(3)} MB (peak ${m.peakRssMb.toFixed(0)} MB)   heap +${m.heapMb.toFixed(0).padStart(3)} MB`,
    );
  line(`upload + check (${polls} polls)`, check);
  line(`confirm (${confirm.value.imported} rows)`, confirm);
  await app.close();
}

const data = await file();
const dir = mkdtempSync(path.join(tmpdir(), 'jz-import-bench-'));
try {
  const f = path.join(dir, 'bench.db');
  const h = openDb({ kind: 'sqlite', file: f });
  await run('sqlite', h, `sqlite:${f}`, data);
  await h.close().catch(() => {});
} finally {
  rmSync(dir, { recursive: true, force: true });
}

if (process.env.BENCH_PG !== 'off') {
  const admin = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `jz_import_bench_${randomBytes(3).toString('hex')}`;
  const adminQuery = async (q: string) => {
    const c = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 3000 });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  try {
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE template0 ENCODING 'UTF8'`);
  } catch (err) {
    console.log(`\npostgres: skipped (${(err as Error).message})`);
    process.exit(0);
  }
  try {
    const u = new URL(admin);
    u.pathname = `/${name}`;
    const h = openDb({ kind: 'postgres', url: u.toString() });
    await run('postgres', h, u.toString(), data);
    await h.close().catch(() => {});
  } finally {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
