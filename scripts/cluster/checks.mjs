// The invariants of the cluster run, checked against the database after the load: what the clients were told (the
// workload's ledger) against what was applied (order timeline, withdrawals, idempotency records, order events), the
// finance invariants (server/scripts/finance-check.ts), and every failed call attributed to the killed instance.
// Each check answers { name, ok, detail, problems: [] }.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** The transition a kind of call makes: [from statuses, to]. setYuangong accepts (20 -> 30) or re-assigns (30 -> 30). */
const KINDS = {
  add: [[null], 10],
  pay: [[10], 20],
  accept: [[20, 30], 30],
  verify: [[30], 40],
  confirm: [[40], 50],
  review: [[50], 60],
  cancel: [[20, 30], 70],
};

/**
 * Orders: every transition a client was told it made is in the timeline, as a row of its own (one-to-one: so two
 * clients told of one transition, or a told transition that is not there, both fail); no transition is applied twice;
 * every order's timeline is one unbroken chain from where the run found it to its current status; and every
 * transition our clients made that nobody was told about is covered by a call of theirs that got no answer.
 */
export async function checkOrders({ pool, ledger, before, operators }) {
  const problems = [];
  const touched = new Set([...ledger.told, ...ledger.unknown].map((t) => t.orderId).filter((id) => id !== null));
  const orders = (
    await pool.query('select id, status from service_order where id > $1 or id = any($2)', [
      before.orderId,
      [...touched],
    ])
  ).rows;
  const ids = orders.map((o) => o.id);
  const rows = (
    await pool.query(
      `select id, order_id, from_status, to_status, operator_type, operator_id from order_timeline
       where id > $1 and order_id = any($2) order by id`,
      [before.timelineId, ids],
    )
  ).rows;
  for (const r of rows) r.who = operators.get(`${r.operator_type}:${r.operator_id}`);

  // Applied twice: the same move of one order in two rows (re-assign 30 -> 30 and the refund row 70 -> 70 may repeat).
  const seen = new Map();
  for (const r of rows) {
    if (r.from_status === r.to_status) continue;
    const k = `${r.order_id}:${r.from_status ?? 'new'}->${r.to_status}`;
    seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  for (const [k, n] of seen) if (n > 1) problems.push(`applied twice: order ${k} (${n} timeline rows)`);

  // One chain per order, from its status before the run (new orders: from nothing) to its status now.
  const byOrder = new Map(orders.map((o) => [o.id, []]));
  for (const r of rows) byOrder.get(r.order_id).push(r);
  for (const o of orders) {
    let at = o.id > before.orderId ? null : before.statuses.get(o.id);
    for (const r of byOrder.get(o.id)) {
      if (r.from_status !== at)
        problems.push(`order ${o.id}: timeline jumps from ${at ?? 'new'} to a row ${r.from_status}->${r.to_status}`);
      at = r.to_status;
    }
    if (at !== o.status) problems.push(`order ${o.id}: status ${o.status}, its timeline ends at ${at}`);
  }

  // Told -> its own row by the same client.
  const linked = new Set();
  const fits = (r, t) => {
    const [from, to] = KINDS[t.kind];
    return r.order_id === t.orderId && r.who === t.who && r.to_status === to && from.includes(r.from_status);
  };
  for (const t of ledger.told) {
    const r = rows.find((x) => !linked.has(x.id) && fits(x, t));
    if (r) linked.add(r.id);
    else
      problems.push(
        `lost or told twice: ${t.who} was told ${t.kind} of order ${t.orderId} succeeded (${t.tag}); no row of its own in the timeline`,
      );
  }
  // Rows of our clients that nobody was told about: each needs an unanswered call of that client and kind.
  const unknown = [...ledger.unknown];
  let appliedUnanswered = 0;
  for (const r of rows) {
    if (!r.who || linked.has(r.id)) continue; // the system (auto-accept, refunds) or simulate.ts's customers
    const i = unknown.findIndex(
      (u) =>
        (u.orderId === r.order_id || (u.kind === 'add' && u.orderId === null)) &&
        fits(r, { ...u, orderId: r.order_id }),
    );
    if (i < 0)
      problems.push(
        `unexplained: order ${r.order_id} ${r.from_status ?? 'new'}->${r.to_status} by ${r.who}, who was never told and had no unanswered call`,
      );
    else {
      unknown.splice(i, 1);
      appliedUnanswered++;
    }
  }
  return {
    name: 'order transitions: none lost, none applied twice',
    ok: problems.length === 0,
    detail: `${orders.length} orders, ${rows.length} timeline rows, ${ledger.told.length} transitions told to clients, ${appliedUnanswered} applied under a call that got no answer, ${ledger.unknown.length} calls without answer`,
    problems,
    figures: { orders: orders.length, rows: rows.length, told: ledger.told.length, appliedUnanswered },
  };
}

/**
 * Withdrawals: one key, one withdrawal, whatever the number of copies and instances; every copy that got an answer got
 * the same one; every withdrawal of the run has its idempotency record; the account moved by exactly their sum.
 */
export async function checkWithdrawals({ pool, ledger, before, merchantId, runId }) {
  const problems = [];
  const rows = (
    await pool.query('select id, merchant_id, amount from finance_withdrawal where id > $1 order by id', [
      before.withdrawalId,
    ])
  ).rows;
  const idem = (
    await pool.query('select idem_key, response from finance_idempotency where merchant_id = $1 and idem_key like $2', [
      merchantId,
      `cluster-${runId}-%`,
    ])
  ).rows;
  const idemById = new Map();
  for (const r of idem) {
    const id = JSON.parse(r.response).id;
    if (idemById.has(id)) problems.push(`withdrawal ${id} is the answer of two keys`);
    idemById.set(id, r.idem_key);
  }
  const idemByKey = new Map(idem.map((r) => [r.idem_key, JSON.parse(r.response).id]));
  let ok = 0;
  let refused = 0;
  let copies = 0;
  for (const w of ledger.withdrawals.values()) {
    copies += w.tries;
    if (!w.answered) problems.push(`withdrawal key ${w.key}: never answered`);
    if (w.ids.size > 1) problems.push(`applied twice: key ${w.key} answered with withdrawals ${[...w.ids].join(', ')}`);
    if (w.answered === 'ok') {
      ok++;
      const [id] = w.ids;
      if (idemByKey.get(w.key) !== id)
        problems.push(`lost: key ${w.key} was told withdrawal ${id}; the record says ${idemByKey.get(w.key)}`);
      if (w.refusal) problems.push(`key ${w.key}: one copy told ${id}, another refused (${w.refusal})`);
    } else if (w.answered === 'refused') {
      refused++;
      if (idemByKey.has(w.key))
        problems.push(`key ${w.key} was refused (${w.refusal}) but withdrawal ${idemByKey.get(w.key)} exists`);
    }
  }
  for (const r of rows) {
    if (r.merchant_id !== merchantId) continue;
    if (!idemById.has(r.id))
      problems.push(`withdrawal ${r.id} has no idempotency record (applied twice or by someone else)`);
  }
  const reasons = () => {
    const n = new Map();
    // The copies of one key may be refused for different reasons: the first by the balance, its twins by the code it
    // used up (they wait for its answer, and a refusal is not stored).
    for (const w of ledger.withdrawals.values())
      if (w.answered === 'refused') {
        const why = [...w.refusals].join(' / ');
        n.set(why, (n.get(why) ?? 0) + 1);
      }
    return [...n].map(([m, k]) => `${k} × ${m}`).join(', ');
  };
  const mine = rows.filter((r) => r.merchant_id === merchantId);
  const sum = mine.reduce((s, r) => s + Number(r.amount), 0);
  const acct = (await pool.query('select pending_withdraw from finance_account where merchant_id = $1', [merchantId]))
    .rows[0];
  const moved = Number(acct.pending_withdraw) - before.pendingWithdraw;
  if (moved !== sum) problems.push(`pending withdrawals moved by ${moved} fen, the run's withdrawals sum to ${sum}`);
  const lines = (
    await pool.query(
      `select ref_id, count(*)::int as n from finance_ledger where ref_type = 'withdrawal' and kind = 'withdraw' and ref_id > $1 group by ref_id`,
      [before.withdrawalId],
    )
  ).rows;
  for (const l of lines) if (l.n !== 1) problems.push(`withdrawal ${l.ref_id}: ${l.n} ledger entries`);
  if (lines.length !== mine.length) problems.push(`${mine.length} withdrawals but ${lines.length} with a ledger entry`);
  return {
    name: 'withdrawals: one per key, none lost or doubled',
    ok: problems.length === 0,
    detail: `${ledger.withdrawals.size} keys (${copies} requests): ${ok} withdrawn, ${refused} refused${refused ? ` (${reasons()})` : ''}; ${mine.length} withdrawals in the database, ¥${(sum / 100).toFixed(2)}`,
    problems,
    figures: { keys: ledger.withdrawals.size, requests: copies, withdrawn: ok, refused },
  };
}

/** `npm run finance:check` on the cluster's database (its own process: the project's script, unchanged). */
export function checkFinance({ root, databaseUrl }) {
  const tsx = path.join(root, 'node_modules/.bin/tsx');
  const r = spawnSync(tsx, ['server/scripts/finance-check.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  const out = `${r.stdout}${r.stderr}`.trim();
  return {
    name: 'finance invariants (finance:check)',
    ok: r.status === 0,
    detail: out.split('\n').at(-1),
    problems: r.status === 0 ? [] : [out.slice(-2000)],
  };
}

/**
 * Streams: every order event of the merchant (and the stream's shop) after the client's first connection reached it,
 * across reconnects, exactly once; in particular every paid order ('new').
 */
export async function checkStreams({ pool, streams }) {
  const problems = [];
  const figures = [];
  for (const s of streams) {
    const params = [s.merchantId, s.firstLastEventId ?? 0];
    let sql = 'select id, order_id, kind, created_at from order_event where merchant_id = $1 and id > $2';
    if (s.shopId !== 'all') {
      params.push(s.shopId);
      sql += ' and shop_id = $3';
    }
    const rows = (await pool.query(sql, params)).rows;
    const ids = new Set(rows.map((r) => r.id));
    const missing = rows.filter((r) => !s.events.has(r.id));
    const extra = [...s.events.keys()].filter((id) => !ids.has(id));
    const paid = rows.filter((r) => r.kind === 'new');
    const paidMissing = paid.filter((r) => !s.events.has(r.id));
    if (missing.length) {
      problems.push(
        `${s.who}: ${missing.length} of ${rows.length} events never arrived (${missing
          .slice(0, 10)
          .map((r) => `id ${r.id} ${r.kind} of order ${r.order_id} at ${r.created_at}`)
          .join(', ')})`,
      );
      const iso = (ms) => (ms ? new Date(ms).toISOString().slice(11, 23) : '-');
      for (const c of s.conns)
        problems.push(
          `  connection ${c.conn}: ${iso(c.openedAt)}-${iso(c.endedAt)} resumed from ${c.resumeFrom}, events ${c.first}..${c.last}, ${c.why || 'open'}`,
        );
    }
    if (paidMissing.length)
      problems.push(
        `${s.who}: ${paidMissing.length} paid orders missing: ${paidMissing.map((r) => r.order_id).join(', ')}`,
      );
    if (extra.length) problems.push(`${s.who}: ${extra.length} events outside its merchant/shop`);
    if (s.duplicates) problems.push(`${s.who}: ${s.duplicates} events delivered twice`);
    figures.push({
      who: s.who,
      events: rows.length,
      paid: paid.length,
      received: s.events.size,
      connections: s.connections,
      reconnects: s.reconnects,
      maxGapMs: Math.max(0, ...s.gaps),
      replayed: s.replayed,
    });
  }
  return {
    name: 'event streams: every paid order reached every connected merchant',
    ok: problems.length === 0,
    detail: figures
      .map((f) => `${f.who}: ${f.received}/${f.events} events (${f.paid} paid orders), ${f.reconnects} reconnects`)
      .join('; '),
    problems,
    figures,
  };
}

/**
 * Failed calls (no envelope: nginx's 502, a reset) are allowed only for the killed instance's in-flight requests:
 * nginx sent them to that instance (its access log, by the call's tag), the call was under way when the instance died
 * (started before its exit was seen, not finished before the SIGKILL: a killed process keeps its sockets until the
 * kernel has torn it down, and takes what nginx sends meanwhile), and it is not a request nginx passes on to another
 * instance (a GET). Every other failure is a violation.
 */
export function checkFailures({ calls, access, kill }) {
  const problems = [];
  const failed = calls.filter((c) => c.outcome === 'failed');
  let attributed = 0;
  for (const c of failed) {
    const e = access.byTag.get(c.tag);
    const inFlight = !!kill && c.t0 <= kill.deadAt && c.t1 >= kill.at;
    const toKilled = e?.upstreams.at(-1) === `127.0.0.1:${kill?.port}`;
    if (inFlight && toKilled && c.method !== 'GET') attributed++;
    else
      problems.push(
        `${c.phase}: ${c.who} ${c.method} ${c.path} failed (${c.status || c.error}), started ${c.t0 - (kill?.at ?? 0)} ms from the SIGKILL, nginx: ${e ? `${e.status} via ${e.upstreams.join(' > ')} (${e.upstreamStatus})` : 'no log line'}`,
      );
  }
  return {
    name: 'failed calls: only the killed instance’s in-flight requests',
    ok: problems.length === 0,
    detail: `${failed.length} failed of ${calls.length}; ${attributed} in flight on the killed instance`,
    problems,
    figures: { failed: failed.length, attributed },
  };
}
