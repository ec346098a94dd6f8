// A merchant console's live order stream through nginx, as the web client holds it: ask a one-time ticket with the
// bearer token, open the event stream, and on any end (the instance drained on SIGTERM, died on SIGKILL, nginx cut it)
// ask a new ticket and resume with Last-Event-ID, so the server replays what was missed. Every event id is kept
// across reconnects, to be compared with the order_event rows of the database (checks.mjs).
import http from 'node:http';
import { API } from './http.mjs';

const TICKET = 'app/jiazheng/pay/dingdan/stream/ticket';

export class MerchantStream {
  /** rec: the Recorder (tickets are recorded calls); who: a label; token: bearer; merchantId: for the checks. */
  constructor(rec, { who, token, merchantId, shopId = 'all', base }) {
    Object.assign(this, { rec, who, token, merchantId, shopId, base });
    this.events = new Map(); // order_event id -> { kind, orderId, status, at, conn }
    this.duplicates = 0; // an id delivered twice (replay overlapping what the client had)
    this.firstLastEventId = null; // the hello of the first connection: events after it are owed to this client
    this.lastId = null;
    this.connections = 0;
    this.reconnects = 0;
    this.gaps = []; // ms from a stream's end to the next hello
    this.replayed = 0; // events created while disconnected, delivered by the resumed stream
    this.attempts = 0;
    this.failedAttempts = 0;
    this.ends = []; // { at, why }
    this.conns = []; // { conn, openedAt, resumeFrom, helloAt, endedAt, why, first, last }
    this.stopped = false;
    this.req = undefined;
    this.helloWaiters = [];
  }

  start() {
    this.loop = this.run();
    return this.waitHello();
  }

  /** Resolves at the next hello (the stream is (re)connected). */
  waitHello() {
    return new Promise((r) => this.helloWaiters.push(r));
  }

  async run() {
    let endedAt = null;
    while (!this.stopped) {
      this.attempts++;
      const t = await this.rec.call('POST', TICKET, {
        json: { shopId: this.shopId },
        token: this.token,
        who: this.who,
      });
      if (t.outcome !== 'ok') {
        this.failedAttempts++;
        if (t.status === 401) throw new Error(`${this.who}: session refused on ticket: ${t.body}`);
        await sleep(200);
        continue;
      }
      const why = await this.open(t.json.result.ticket, () => {
        if (endedAt !== null) {
          this.gaps.push(Date.now() - endedAt);
          this.reconnects++;
        }
      });
      if (this.stopped) break;
      endedAt = Date.now();
      this.ends.push({ at: endedAt, why });
      // EventSource waits its retry time; the console reconnects sooner after a clean end. Keep it short so the gap
      // measured is the cluster's, not the client's pause.
      await sleep(100);
    }
  }

  /** One connection; resolves with why it ended. */
  open(ticket, onHello) {
    return new Promise((resolve) => {
      const slug = this.who.replace(/[^A-Za-z0-9]+/g, '-');
      const headers = { accept: 'text/event-stream', 'x-cluster-req': `${slug}-stream-${this.attempts}` };
      if (this.lastId !== null) headers['last-event-id'] = String(this.lastId);
      const conn = ++this.connections;
      const openedAt = Date.now();
      // For the failure report: when each connection lived and from which event id it resumed.
      const c = { conn, openedAt, resumeFrom: this.lastId, helloAt: 0, endedAt: 0, why: '', first: null, last: null };
      this.conns.push(c);
      let settled = false;
      const end = (why) => {
        if (settled) return;
        settled = true;
        this.req = undefined;
        c.endedAt = Date.now();
        c.why = why;
        resolve(why);
      };
      const req = http.get(
        `${this.base}${API}/app/jiazheng/pay/dingdan/stream?ticket=${ticket}`,
        { headers, agent: false },
        (res) => {
          if (res.statusCode !== 200) {
            this.failedAttempts++;
            res.resume();
            res.on('end', () => end(`status ${res.statusCode}`));
            return;
          }
          res.setEncoding('utf8');
          let buf = '';
          let helloAt = 0;
          res.on('data', (chunk) => {
            buf += chunk;
            let i = buf.indexOf('\n\n');
            while (i >= 0) {
              const block = buf.slice(0, i);
              buf = buf.slice(i + 2);
              const ev = parse(block);
              if (ev.event === 'hello') {
                helloAt = Date.now();
                c.helloAt = helloAt;
                const hello = JSON.parse(ev.data);
                if (this.firstLastEventId === null) this.firstLastEventId = hello.lastEventId;
                if (this.lastId === null) this.lastId = hello.lastEventId;
                onHello();
                for (const w of this.helloWaiters.splice(0)) w();
              } else if (ev.event === 'order' && ev.id) {
                const id = Number(ev.id);
                const data = JSON.parse(ev.data);
                if (this.events.has(id)) this.duplicates++;
                else {
                  this.events.set(id, {
                    kind: data.kind,
                    orderId: data.orderId,
                    status: data.status,
                    at: Date.now(),
                    conn,
                  });
                  if (conn > 1 && Date.parse(data.createdAt) < openedAt) this.replayed++;
                }
                if (id > (this.lastId ?? 0)) this.lastId = id;
                c.first ??= id;
                c.last = id;
              }
              i = buf.indexOf('\n\n');
            }
          });
          res.on('end', () => end(helloAt ? 'ended' : 'ended before hello'));
          res.on('aborted', () => end('aborted'));
          res.on('error', (e) => end(`error ${e.code ?? e.message}`));
          res.on('close', () => end('closed'));
        },
      );
      this.req = req;
      req.on('error', (e) => end(`error ${e.code ?? e.message}`));
    });
  }

  async stop() {
    this.stopped = true;
    this.req?.destroy();
    await this.loop?.catch(() => {});
  }
}

function parse(block) {
  const ev = { event: 'message', data: '' };
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const k = line.indexOf(':');
    const field = k < 0 ? line : line.slice(0, k);
    const value = k < 0 ? '' : line.slice(k + 1).replace(/^ /, '');
    if (field === 'event') ev.event = value;
    else if (field === 'id') ev.id = value;
    else if (field === 'data') ev.data += ev.data ? `\n${value}` : value;
  }
  return ev;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
