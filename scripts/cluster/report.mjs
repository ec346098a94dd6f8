// The figures of a cluster run, printed as plain tables (docs/operations-cluster.md records one run's).

const pad = (s, n) => String(s).padEnd(n);
const num = (s, n) => String(s).padStart(n);

export function printReport(r) {
  const {
    checks,
    rec,
    access,
    phases,
    loadStart,
    loadEnd,
    restarts,
    kill,
    streams,
    customers,
    withdrawer,
    sim,
    server,
    nginx,
  } = r;
  const secs = (loadEnd - loadStart) / 1000;
  const during = access.all.filter((e) => e.at >= loadStart && e.at <= loadEnd + 1000);
  const out = [];
  out.push('', '━━ cluster figures ━━');
  out.push(`instances: 3 × ${server.kind} (${server.describe}); nginx ${nginx.source}; load ${secs.toFixed(1)} s`);
  out.push(
    `requests: ${rec.calls.length} by the workload's clients, ${during.length} through nginx during the load (with simulate.ts and the streams): ${(during.length / secs).toFixed(0)} req/s`,
  );

  out.push(
    '',
    `${pad('phase', 10)}${num('ms', 7)}${num('calls', 8)}${num('failed', 8)}${num('refused', 9)}${num('req/s', 7)}`,
  );
  for (let i = 0; i < phases.length; i++) {
    const p = phases[i];
    const end = phases[i + 1]?.at ?? loadEnd;
    const calls = rec.calls.filter((c) => c.phase === p.name);
    const n = access.all.filter((e) => e.at >= p.at && e.at < end).length;
    out.push(
      `${pad(p.name, 10)}${num(end - p.at, 7)}${num(calls.length, 8)}${num(calls.filter((c) => c.outcome === 'failed').length, 8)}${num(calls.filter((c) => c.outcome === 'refused').length, 9)}${num(((n * 1000) / Math.max(1, end - p.at)).toFixed(0), 7)}`,
    );
  }
  out.push(
    '(refused: a business answer such as 2004 "订单当前状态为…" when two users race for one order: not a failure)',
  );

  const retried = during.filter((e) => e.upstreams.length > 1);
  const byMethod = {};
  for (const e of retried) byMethod[e.method] = (byMethod[e.method] ?? 0) + 1;
  out.push(
    '',
    `nginx passed ${retried.length} requests on to another instance (${
      Object.entries(byMethod)
        .map(([m, n]) => `${m} ${n}`)
        .join(', ') || 'none'
    })`,
  );

  const killed = `127.0.0.1:${kill.port}`;
  // nginx's view: requests it had sent to the instance when it died (begun before its exit was seen, ended after the
  // SIGKILL); a killed process keeps its sockets, and takes what comes, until the kernel has torn it down.
  const inFlight = access.all.filter(
    (e) =>
      e.upstreams.includes(killed) && e.at >= kill.at && e.at - e.rt * 1000 <= kill.deadAt && e.at - kill.at < 10_000,
  );
  const streamsCut = inFlight.filter((e) => e.uri.endsWith('/stream'));
  const plain = inFlight.filter((e) => !e.uri.endsWith('/stream'));
  const passedOn = plain.filter((e) => e.upstreams.at(-1) !== killed && e.status < 500);
  const failedThere = plain.filter((e) => e.status >= 500);
  out.push(
    `SIGKILL ${kill.name} (exit seen ${kill.deadAt - kill.at} ms after the signal): ${plain.length} requests in flight on it, ${passedOn.length} passed on by nginx, ${failedThere.length} answered 502 (${failedThere.map((e) => `${e.method} ${e.uri.replace('/tmpl/api/app/jiazheng/', '')}`).join(', ') || '-'}); ${streamsCut.length} event streams cut; back ${kill.backMs} ms after the kill (ready in ${kill.readyMs} ms)`,
  );
  out.push(
    `rolling restart: ${restarts.map((x) => `${x.name} ${x.drainMs ? `out of nginx in ${x.drainMs} ms, ` : ''}SIGTERM to exit ${x.stopMs} ms (exit ${x.exit}), ready in ${x.readyMs} ms`).join('; ')}`,
  );

  out.push(
    '',
    `${pad('stream', 22)}${num('events', 7)}${num('paid', 6)}${num('conns', 7)}${num('reconn', 8)}${num('max gap', 9)}${num('replayed', 9)}`,
  );
  for (const s of streams)
    out.push(
      `${pad(s.who, 22)}${num(s.events.size, 7)}${num([...s.events.values()].filter((e) => e.kind === 'new').length, 6)}${num(s.connections, 7)}${num(s.reconnects, 8)}${num(`${Math.max(0, ...s.gaps)} ms`, 9)}${num(s.replayed, 9)}`,
    );

  const sum = (f) => customers.reduce((a, c) => a + c[f], 0);
  const ops = { accept: 0, cancel: 0, verify: 0, confirm: 0 };
  for (const t of r.ledger.told) if (t.kind in ops) ops[t.kind]++;
  out.push(
    '',
    `orders (workload): ${sum('placed')} placed, ${sum('paid')} paid, ${ops.accept} assigned (accepted or re-assigned), ${ops.verify} verified, ${ops.confirm} completed, ${ops.cancel} cancelled, ${sum('reviewed')} reviewed`,
    `orders (simulate.ts): ${sim.placed} placed, ${sim.paid} paid, ${sim.reviewed} reviewed, ${sim.failed} failed`,
    `withdrawals: ${r.ledger.withdrawals.size} keys, ${withdrawer.requests} requests (3 copies of each key at once); to the end of the balance: ${r.exhausted.won} of ${r.exhausted.keys} keys of ¥${(r.exhausted.amount / 100).toFixed(2)} went through`,
  );

  out.push('', '━━ checks ━━');
  for (const c of checks) {
    out.push(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);
    for (const p of c.problems.slice(0, 20)) out.push(`       - ${p}`);
    if (c.problems.length > 20) out.push(`       … ${c.problems.length - 20} more`);
  }
  const failed = checks.filter((c) => !c.ok).length;
  out.push('', failed ? `cluster: ${failed} check(s) FAILED` : `cluster: all ${checks.length} checks passed`);
  console.log(out.join('\n'));
}
