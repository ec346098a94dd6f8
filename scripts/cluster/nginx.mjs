// nginx in front of the instances, run unprivileged as a child process (`daemon off`) with every path (prefix, pid,
// temp folders, logs) inside the run's temp folder. The configuration is the project's deploy/nginx.conf when it
// exists (its `upstream jz_app { ... }` servers, listen port, web folder and paths substituted), else a minimal one of
// our own.
// Either way the harness adds one access log of its own: the upstream(s) each request went to, by the X-Cluster-Req
// tag of the workload's calls, to attribute failures (checks.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The nginx binary: NGINX when set (and only it), else Debian's, else the PATH's. */
export function findNginx() {
  if (process.env.NGINX) return existsSync(process.env.NGINX) ? process.env.NGINX : undefined;
  for (const p of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) if (existsSync(p)) return p;
  const r = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

const LOG_FORMAT = `log_format jz_cluster '$msec $request_method $uri $status up=$upstream_addr ust=$upstream_status rt=$request_time tag=$http_x_cluster_req';`;

/**
 * What nginx does with a failed upstream (the same in our minimal config and, for the cluster run, checked in
 * deploy/nginx.conf): `proxy_next_upstream error timeout` (nginx's default) passes a request on to the next instance
 * when the connection fails or times out. nginx never does so for a POST once it has been sent (unless
 * `non_idempotent` is given, which we do not): the dead instance may have applied it (an order accepted, money moved),
 * and only the client can ask what happened. A connection that was refused (the instance is not listening) never
 * carried the request, so any method is passed on.
 */
const serverLines = (ports, down, params = 'max_fails=1 fail_timeout=2s') =>
  ports.map((p) => `    server 127.0.0.1:${p} ${params}${down.has(p) ? ' down' : ''};`).join('\n');

function ownConfig({ ports, listen, down }) {
  return `events { worker_connections 2048; }
http {
  default_type application/octet-stream;
  client_max_body_size 32m;
  upstream jz_app {
${serverLines(ports, down)}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${listen};
    location /tmpl/api/ {
      proxy_pass http://jz_app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
    }
    # The live order stream: unbuffered, a long read timeout (the server sends a heartbeat every 15 s).
    location /tmpl/api/app/jiazheng/pay/dingdan/stream {
      proxy_pass http://jz_app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

/** The nginx version as [major, minor, patch] (`nginx -v` writes it to stderr). */
export function nginxVersion(bin) {
  const r = spawnSync(bin, ['-v'], { encoding: 'utf8' });
  return (/nginx\/(\d+)\.(\d+)\.(\d+)/.exec(r.stderr) ?? [0, 0, 0, 0]).slice(1).map(Number);
}
const atLeast = (v, min) => v[0] - min[0] || v[1] - min[1] || v[2] - min[2];

/**
 * deploy/nginx.conf (and nginx-tls.conf) written for compose's nginx, made acceptable to an older one (Debian
 * bookworm's 1.22), as the files' comments say to: `http2 on;` (1.25.1) becomes the listen lines' `http2` parameter;
 * `resolve` on upstream servers (1.27.3) is dropped by deployConfig anyway (our servers are addresses).
 */
export function forVersion(text, version) {
  if (atLeast(version, [1, 25, 1]) >= 0 || !/^\s*http2\s+on\s*;/m.test(text)) return text;
  return text
    .replace(/^\s*http2\s+on\s*;\s*$/gm, '')
    .replace(/^(\s*listen\s+[^;]*\bssl\b)([^;]*);/gm, (_m, a, b) => `${a}${b} http2;`);
}

/**
 * deploy/nginx.conf made runnable here: its upstream servers replaced by ours (`resolve` dropped: addresses), its
 * listen lines by one loopback port (the IPv6 one dropped; the TLS include stays commented), its `root` by the
 * release's web folder, and every path it names moved into the run's folder.
 */
export function deployConfig(text, { ports, listen, down = new Set(), webRoot }) {
  let t = text.replace(/^\s*(user|pid|daemon|error_log|worker_processes|worker_shutdown_timeout)\b[^;]*;\s*$/gm, '');
  t = t.replace(/upstream\s+jz_app\s*\{([^}]*)\}/, (_m, body) => {
    // Ours where its first server line was, with that line's parameters (max_fails, fail_timeout...); the rest as is.
    let done = false;
    const lines = body.split('\n').flatMap((l) => {
      const m = /^\s*server\s+\S+\s*([^;]*);/.exec(l);
      if (!m) return [l];
      if (done) return [];
      done = true;
      return [serverLines(ports, down, m[1].replace(/(^|\s)resolve(?=\s|$)/, ' ').trim())];
    });
    return `upstream jz_app {${lines.join('\n')}}`;
  });
  let first = true;
  t = t.replace(/^(\s*)listen\s+[^;]*;/gm, (_m, ind) => {
    const line = first ? `${ind}listen 127.0.0.1:${listen};` : '';
    first = false;
    return line;
  });
  t = t.replace(/^\s*(ssl_\w+|access_log)\b[^;]*;\s*$/gm, '');
  if (webRoot) t = t.replace(/^(\s*)root\s+[^;]*;/gm, (_m, ind) => `${ind}root ${webRoot};`);
  // Where nginx is installed without its mime.types (the web app's files would go out as application/octet-stream:
  // the static check fails then).
  t = t.replace(/^\s*include\s+(\S*mime\.types)\s*;\s*$/gm, (l, f) => (existsSync(f) ? l : ''));
  return t;
}

export class Nginx {
  /** tls: { port, include } — deploy/nginx.conf's commented TLS include line made to include that (rendered) file. */
  constructor({ bin, dir, ports, listen, deployFile, webRoot, tls }) {
    Object.assign(this, { bin, dir, ports, listen, deployFile, webRoot, tls });
    this.down = new Set();
    this.conf = path.join(dir, 'nginx.conf');
    this.errorLog = path.join(dir, 'logs/error.log');
    this.accessLog = path.join(dir, 'logs/access.log');
    this.source = 'own';
  }

  write() {
    const { deployFile } = this;
    for (const d of ['logs', 'tmp/body', 'tmp/proxy', 'tmp/fastcgi', 'tmp/uwsgi', 'tmp/scgi'])
      mkdirSync(path.join(this.dir, d), { recursive: true });
    // Run as root, nginx hands its workers to `nobody`: they must be able to walk into the temp folders.
    chmodSync(this.dir, 0o755);
    let body;
    if (deployFile && existsSync(deployFile)) {
      body = forVersion(deployConfig(readFileSync(deployFile, 'utf8'), this), nginxVersion(this.bin));
      if (this.tls) body = body.replace(/#\s*include\s+\S*nginx-tls\.conf\s*;/, `include ${this.tls.include};`);
      this.source = `${path.basename(path.dirname(deployFile))}/${path.basename(deployFile)}`;
    } else body = ownConfig(this);
    const d = this.dir;
    // worker_shutdown_timeout: after a reload the old worker lets go of the event streams it still carries (the
    // clients resume elsewhere) instead of living as long as they do.
    const head = `daemon off;\npid ${d}/nginx.pid;\nerror_log ${this.errorLog} warn;\nworker_processes 1;\nworker_shutdown_timeout 5s;\n`;
    const httpPaths = [
      LOG_FORMAT,
      `access_log ${this.accessLog} jz_cluster;`,
      `client_body_temp_path ${d}/tmp/body;`,
      `proxy_temp_path ${d}/tmp/proxy;`,
      `fastcgi_temp_path ${d}/tmp/fastcgi;`,
      `uwsgi_temp_path ${d}/tmp/uwsgi;`,
      `scgi_temp_path ${d}/tmp/scgi;`,
    ].join('\n  ');
    body = body.replace(/\bhttp\s*\{/, `http {\n  ${httpPaths}`);
    writeFileSync(this.conf, head + body);
  }

  args() {
    return ['-p', `${this.dir}/`, '-c', this.conf, '-e', this.errorLog];
  }

  test() {
    const r = spawnSync(this.bin, [...this.args(), '-t'], { encoding: 'utf8' });
    if (r.status !== 0)
      throw new Error(`nginx -t failed:\n${r.stderr}\n--- ${this.conf}\n${readFileSync(this.conf, 'utf8')}`);
  }

  async start() {
    this.write();
    this.test();
    this.child = spawn(this.bin, this.args(), { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    this.child.stderr.on('data', (d) => {
      err += d;
    });
    this.exited = new Promise((r) => this.child.once('exit', r));
    const t0 = Date.now();
    while (!(await canConnect(this.listen))) {
      if (this.child.exitCode !== null) throw new Error(`nginx exited: ${err}`);
      if (Date.now() - t0 > 10_000) throw new Error(`nginx not listening on ${this.listen}: ${err}`);
      await sleep(50);
    }
  }

  /**
   * Marks instances `down` (taken out of the rotation) or back, and reloads: nginx starts a new worker with the new
   * configuration and tells the old one to finish what it carries and quit. Resolves once the old worker has stopped
   * taking requests (its title says "shutting down", or it is gone), so nothing new reaches a port marked down.
   */
  async setDown(ports) {
    this.down = new Set(ports);
    this.write();
    this.test();
    const master = this.child.pid;
    const old = children(master);
    process.kill(master, 'SIGHUP');
    const t0 = Date.now();
    for (;;) {
      const now = children(master);
      const fresh = now.filter((p) => !old.includes(p));
      const draining = old.every((p) => !now.includes(p) || title(p).includes('shutting down'));
      if (fresh.length && draining) return Date.now() - t0;
      if (Date.now() - t0 > 10_000) throw new Error('nginx reload did not take effect in 10 s');
      await sleep(20);
    }
  }

  async stop() {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return;
    // Fast shutdown: a graceful one (QUIT) would wait for the long-lived event streams.
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(timer);
  }

  /** Access-log entries by tag: { at, method, uri, status, upstreams: ['127.0.0.1:p', ...], upstreamStatus }. */
  readAccess() {
    const byTag = new Map();
    const all = [];
    if (!existsSync(this.accessLog)) return { byTag, all };
    for (const line of readFileSync(this.accessLog, 'utf8').split('\n')) {
      const m = /^(\S+) (\S+) (\S+) (\d+) up=(.*) ust=(.*) rt=(\S+) tag=(\S*)$/.exec(line);
      if (!m) continue;
      const e = {
        at: Math.round(Number(m[1]) * 1000),
        method: m[2],
        uri: m[3],
        status: Number(m[4]),
        upstreams: m[5] === '-' ? [] : m[5].split(/\s*,\s*|\s+:\s+/).filter(Boolean),
        upstreamStatus: m[6],
        rt: Number(m[7]),
        tag: m[8] === '-' ? '' : m[8],
      };
      all.push(e);
      if (e.tag) byTag.set(e.tag, e);
    }
    return { byTag, all };
  }

  readErrors() {
    return existsSync(this.errorLog) ? readFileSync(this.errorLog, 'utf8').split('\n').filter(Boolean) : [];
  }
}

/** The worker pids of an nginx master (from /proc: no ps needed). */
function children(ppid) {
  const out = [];
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces, so read after the last ')'
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === ppid) out.push(Number(e));
    } catch {}
  }
  return out;
}

function title(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
}

function canConnect(port) {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

/**
 * deploy/nginx-tls.conf proven by starting it: a second nginx with deploy/nginx.conf and its TLS include line turned
 * on (a self-signed certificate made with openssl, 443 replaced by a loopback port, the IPv6 listen dropped). HTTPS
 * must speak HTTP/2 and serve the web app; TLS 1.1 must be refused; plain HTTP must be sent to HTTPS (308).
 */
export async function checkTls({ bin, dir, ports, webRoot, deployFile, tlsFile }) {
  const name = 'TLS include (deploy/nginx-tls.conf): HTTP/2, TLS 1.2+, HTTP sent to HTTPS';
  const ssl = (args) => spawnSync('openssl', args, { encoding: 'utf8', input: '', timeout: 10_000 });
  if (ssl(['version']).status !== 0) return { name, ok: true, detail: 'skipped: no openssl here', problems: [] };
  mkdirSync(dir, { recursive: true });
  const [cert, key] = [path.join(dir, 'cert.pem'), path.join(dir, 'key.pem')];
  const made = ssl(
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'].concat([
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
    ]),
  );
  if (made.status !== 0) return { name, ok: false, detail: 'openssl failed', problems: [made.stderr] };
  const { freePort } = await import('./instances.mjs');
  const [listen, port] = [await freePort(), await freePort()];
  const include = path.join(dir, 'nginx-tls.conf');
  let first = true;
  const tlsText = readFileSync(tlsFile, 'utf8')
    .replace(/^(\s*)listen\s+[^;]*;/gm, (_m, ind) => {
      const line = first ? `${ind}listen 127.0.0.1:${port} ssl;` : '';
      first = false;
      return line;
    })
    .replace(/^(\s*ssl_certificate)\s+[^;]*;/m, `$1 ${cert};`)
    .replace(/^(\s*ssl_certificate_key)\s+[^;]*;/m, `$1 ${key};`);
  writeFileSync(include, forVersion(tlsText, nginxVersion(bin)));
  const nginx = new Nginx({ bin, dir, ports, listen, deployFile, webRoot, tls: { port, include } });
  const problems = [];
  try {
    await nginx.start();
    const h2 = await http2Get(`https://127.0.0.1:${port}`, '/favicon.svg');
    if (h2.status !== 200) problems.push(`HTTPS /favicon.svg over HTTP/2: ${h2.status ?? h2.error}`);
    // SECLEVEL=0: our client must offer TLS 1.1 for the server's refusal to mean anything. (An nginx on OpenSSL 3
    // refuses TLS 1.1 at its default security level whatever ssl_protocols says: there this guards other builds.)
    const old = ssl(['s_client', '-connect', `127.0.0.1:${port}`, '-tls1_1', '-cipher', 'DEFAULT@SECLEVEL=0']);
    if (/Cipher is (?!\(NONE\))/.test(old.stdout)) problems.push('TLS 1.1 was accepted');
    const tls12 = ssl(['s_client', '-connect', `127.0.0.1:${port}`, '-tls1_2']);
    if (!/Cipher is ECDHE-/.test(tls12.stdout)) problems.push(`TLS 1.2 refused: ${tls12.stdout.slice(-300)}`);
    const plain = await new Promise((resolve) => {
      import('node:http').then(({ default: http }) =>
        http
          .get(`http://127.0.0.1:${listen}/tmpl/api/health?x=1`, { agent: false }, (res) => {
            res.resume();
            resolve({ status: res.statusCode, location: res.headers.location });
          })
          .on('error', (e) => resolve({ error: e.message })),
      );
    });
    if (plain.status !== 308 || !plain.location?.startsWith('https://'))
      problems.push(`plain HTTP: ${plain.status ?? plain.error} ${plain.location ?? ''}`);
    return { name, ok: problems.length === 0, detail: `HTTP/2 ${h2.status}; plain HTTP ${plain.status}`, problems };
  } catch (e) {
    return { name, ok: false, detail: 'nginx did not start with the TLS include', problems: [String(e.message ?? e)] };
  } finally {
    await nginx.stop();
  }
}

/** One GET over HTTP/2 (a self-signed certificate accepted): answers { status } or { error }. */
async function http2Get(origin, p) {
  const { default: http2 } = await import('node:http2');
  return new Promise((resolve) => {
    const s = http2.connect(origin, { rejectUnauthorized: false });
    s.on('error', (e) => resolve({ error: e.message }));
    const req = s.request({ ':path': p });
    req.on('response', (h) => {
      req.resume();
      req.on('end', () => {
        s.close();
        resolve({ status: h[':status'] });
      });
    });
    req.end();
  });
}
