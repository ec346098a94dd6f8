import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * The e2e server's SQLite file: E2E_DATA_DIR when given, else the DATA_DIR of the process serving E2E_PORT (the config
 * makes a fresh temporary folder per run). For the few facts a spec cannot reach through the product's calls.
 */
export function serverDbFile(): string {
  const port = process.env.E2E_PORT ?? '3210';
  let dir = process.env.E2E_DATA_DIR;
  if (!dir)
    for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
      let env: string[];
      try {
        env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      } catch {
        continue;
      }
      if (env.includes(`PORT=${port}`) && env.includes('HOST=127.0.0.1')) {
        dir = env.find((e) => e.startsWith('DATA_DIR='))?.slice('DATA_DIR='.length);
        if (dir) break;
      }
    }
  if (!dir) throw new Error(`no server data folder found for port ${port}`);
  return path.join(dir, 'jiazheng.db');
}

/**
 * The visit is now: the order's appointment moves to an hour ago. Orders are booked days ahead, 验券 asks before an
 * early use and 确认完成 opens two hours before the appointment, so a spec that serves and completes an order at once
 * makes it due first (as the API suite's dueNow does).
 */
export function dueNow(orderId: number) {
  const db = new Database(serverDbFile());
  try {
    db.prepare('update service_order set appointment_at = ? where id = ?').run(
      new Date(Date.now() - 3_600_000).toISOString(),
      orderId,
    );
  } finally {
    db.close();
  }
}

/**
 * The visit is in a few minutes: the order's appointment moves to now + 5 min. The first free start may be days
 * ahead (other specs fill today and tomorrow), so a spec that needs the job on the staff page's 今日 (or 明日 just
 * before midnight) or on today's board moves it first; 确认完成 is open from then on (two hours before).
 */
export function dueSoon(orderId: number) {
  const db = new Database(serverDbFile());
  try {
    db.prepare('update service_order set appointment_at = ? where id = ?').run(
      new Date(Date.now() + 300_000).toISOString(),
      orderId,
    );
  } finally {
    db.close();
  }
}
