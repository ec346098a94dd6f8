// The workload's HTTP client: every call goes through nginx and is recorded
// with the phase it started in, so failures can be counted by phase and attributed afterwards (checks.mjs).
import http from 'node:http';

export const API = '/tmpl/api';
const CONSOLE_HEADERS = { client: 'jiazheng-merchant-pc' };

/**
 * One recorded call. outcome: 'ok' (code 200), 'refused' (an envelope with another code: a business answer such as
 * 2004 "already taken", which is the server working as designed), 'failed' (no envelope: a socket error, nginx's own
 * 502/504 page, a timeout; or any HTTP 5xx). `tag` is sent as X-Cluster-Req and logged by nginx, to find the upstream that served it.
 */
export class Recorder {
  constructor(base) {
    this.base = base;
    // A connection per call. Browsers keep connections to nginx alive and resend a request whose reused connection
    // was closed before any answer (which every nginx reload does to idle connections); this client does not resend
    // anything, so it must not meet that race: every failure it records is the cluster's.
    this.agent = new http.Agent({ keepAlive: false, maxSockets: 64 });
    this.calls = [];
    this.phase = 'setup';
    this.seq = 0;
  }

  /**
   * method, path (under /tmpl/api), { json, form, query, token, customer, headers, who, timeoutMs }.
   * Answers { status, body, json, outcome, error } and never throws.
   */
  async call(method, path, opts = {}) {
    const tag = `c${++this.seq}`;
    const rec = { tag, who: opts.who ?? '', method, path, phase: this.phase, t0: Date.now(), t1: 0 };
    this.calls.push(rec);
    const headers = { ...CONSOLE_HEADERS, 'x-cluster-req': tag, ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.customer) {
      headers['x-customer-token'] = opts.customer;
      headers.client = 'jiazheng-console';
    }
    let url = `${API}/${path}`;
    if (opts.query) {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(opts.query)) if (v !== undefined && v !== null) q.append(k, String(v));
      if (q.size) url += `?${q}`;
    }
    let payload;
    if (opts.json !== undefined) {
      payload = JSON.stringify(opts.json);
      headers['content-type'] = 'application/json';
    } else if (opts.form !== undefined) {
      const f = new URLSearchParams();
      for (const [k, v] of Object.entries(opts.form)) if (v !== undefined && v !== null) f.append(k, String(v));
      payload = f.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    if (payload !== undefined) headers['content-length'] = Buffer.byteLength(payload);
    const answer = await send(this.base, this.agent, method, url, headers, payload, opts.timeoutMs ?? 20_000);
    rec.t1 = Date.now();
    rec.phase = this.phase; // counted in the phase where it ended (answered or failed)
    rec.status = answer.status;
    rec.code = answer.json?.code;
    rec.error = answer.error;
    const envelope = answer.json && typeof answer.json.code === 'number';
    // A 5xx is a failure even in the envelope (an unhandled error: a deadlock, a lost database connection).
    rec.outcome = !envelope || answer.status >= 500 ? 'failed' : answer.json.code === 200 ? 'ok' : 'refused';
    if (rec.outcome === 'refused') rec.message = answer.json.message;
    return { ...answer, outcome: rec.outcome, tag };
  }

  close() {
    this.agent.destroy();
  }
}

function send(base, agent, method, url, headers, payload, timeoutMs) {
  return new Promise((resolve) => {
    let settled = false;
    const done = (v) => {
      if (!settled) {
        settled = true;
        resolve(v);
      }
    };
    const req = http.request(`${base}${url}`, { method, agent, headers, timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => {
        let json;
        try {
          json = JSON.parse(body);
        } catch {}
        done({ status: res.statusCode ?? 0, body, json });
      });
      res.on('error', (e) => done({ status: res.statusCode ?? 0, body, error: e.code ?? e.message }));
      res.on('aborted', () => done({ status: res.statusCode ?? 0, body, error: 'aborted' }));
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (e) => done({ status: 0, body: '', error: e.code ?? e.message }));
    req.end(payload);
  });
}

/** A plain GET straight to one instance (no recording): readiness probes and the per-instance session check. */
export function getDirect(base, path, token, timeoutMs = 3000, extra = {}) {
  const headers = { ...CONSOLE_HEADERS, ...extra };
  if (token) headers.authorization = `Bearer ${token}`;
  return send(base, false, 'GET', `${API}/${path}`, headers, undefined, timeoutMs);
}
