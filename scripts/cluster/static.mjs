// The web app's files through nginx. deploy/nginx.conf serves them from the release's web folder and asks the app
// only for index.html (the console's and the staff page's): every file must come with the headers the app itself sends (compared with an instance's answer
// for the same file), exactly one Vary, the .gz to a browser that accepts gzip, and no instance may see a request for
// any of them (the instances' own request metric, jz_http_request_duration_seconds{route="<static>"}, may grow by the
// index.html loads only).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The app's security headers (helmet's defaults and the content policy): nginx must send the same on its files. */
const SECURITY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const IMMUTABLE = 'public, max-age=31536000, immutable';
const BROWSER = 'gzip, deflate, br, zstd';

/** One GET with its raw headers (repeated ones kept apart, unlike fetch). */
function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const all = new Map();
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const k = res.rawHeaders[i].toLowerCase();
          all.set(k, [...(all.get(k) ?? []), res.rawHeaders[i + 1]]);
        }
        resolve({ status: res.statusCode, all, one: (k) => all.get(k)?.join(', '), body: Buffer.concat(chunks) });
      });
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
  });
}

/** Requests for web app files the instances answered so far (their metrics listeners, summed). */
async function staticServed(instances) {
  let n = 0;
  for (const x of instances) {
    const r = await get(`http://127.0.0.1:${x.env.METRICS_PORT}/metrics`);
    for (const m of r.body.toString().matchAll(/^jz_http_request_duration_seconds_count\{([^}]*)\} (\d+)/gm))
      if (m[1].includes('route="<static>"')) n += Number(m[2]);
  }
  return n;
}

export async function checkStatic({ base, instances, webRoot, nginx }) {
  const problems = [];
  const expect = (ok, what) => {
    if (!ok) problems.push(what);
  };
  const assetsDir = path.join(webRoot, 'assets');
  const files = existsSync(assetsDir)
    ? readdirSync(assetsDir)
        .filter((f) => !/\.(br|gz)$/.test(f))
        .map((f) => `assets/${f}`)
    : [];
  if (existsSync(path.join(webRoot, 'favicon.svg'))) files.push('favicon.svg');

  // What the app itself answers (straight to an instance, before counting).
  const direct = instances[0].base;
  const appIndex = await get(`${direct}/`, { 'accept-encoding': BROWSER });
  const appFile = files.length ? await get(`${direct}/${files[0]}`, { 'accept-encoding': BROWSER }) : undefined;
  await sleep(200);
  const before = await staticServed(instances);

  // index.html, from the app through nginx: its policy, revalidated, one Vary. The staff page's (a real web build
  // has one) at its root and at a deep link, which only the app can answer.
  const staffPage = existsSync(path.join(webRoot, 'staff/index.html'));
  const pages = ['/', '/index.html', ...(staffPage ? ['/staff/', '/staff/jobs/12'] : [])];
  for (const [i, p] of pages.entries()) {
    const r = await get(`${base}${p}`, i % 2 ? {} : { 'accept-encoding': BROWSER });
    expect(r.status === 200, `${p}: HTTP ${r.status}`);
    expect(r.one('cache-control') === 'no-cache', `${p}: Cache-Control ${r.one('cache-control')}`);
    expect(r.all.get('vary')?.length === 1, `${p}: ${r.all.get('vary')?.length ?? 0} Vary headers`);
    const csp = r.one('content-security-policy');
    expect(!!csp && csp === appIndex.one('content-security-policy'), `${p}: Content-Security-Policy ${csp}`);
    if (p.startsWith('/staff/')) {
      const body = r.one('content-encoding') === 'gzip' ? gunzipSync(r.body) : r.body;
      expect(body.toString().includes('<base href="/staff/"'), `${p}: not the staff page`);
    }
  }

  // Every file of the build: the app's headers, the .gz when gzip is accepted, the file's bytes either way.
  let gz = 0;
  for (const f of files) {
    const disk = readFileSync(path.join(webRoot, f));
    const hasGz = existsSync(path.join(webRoot, `${f}.gz`));
    const r = await get(`${base}/${f}`, { 'accept-encoding': BROWSER });
    const want = f.startsWith('assets/') ? IMMUTABLE : 'no-cache';
    expect(r.status === 200, `/${f}: HTTP ${r.status}`);
    expect(r.one('cache-control') === want, `/${f}: Cache-Control ${r.one('cache-control')}`);
    expect(r.all.get('vary')?.length === 1, `/${f}: ${r.all.get('vary')?.length ?? 0} Vary headers`);
    expect((r.one('content-encoding') === 'gzip') === hasGz, `/${f}: Content-Encoding ${r.one('content-encoding')}`);
    if (r.one('content-encoding') === 'gzip') gz++;
    const body = r.one('content-encoding') === 'gzip' ? gunzipSync(r.body) : r.body;
    expect(body.equals(disk), `/${f}: body differs from the file`);
    if (appFile)
      for (const h of SECURITY)
        expect(r.one(h) === appFile.one(h), `/${f}: ${h}: ${r.one(h)} (the app sends ${appFile.one(h)})`);
  }
  // A browser without gzip, and a revalidation.
  if (files.length) {
    const f = files.find((x) => existsSync(path.join(webRoot, `${x}.gz`))) ?? files[0];
    const plain = await get(`${base}/${f}`);
    expect(!plain.one('content-encoding'), `/${f} without gzip: Content-Encoding ${plain.one('content-encoding')}`);
    expect(plain.body.equals(readFileSync(path.join(webRoot, f))), `/${f} without gzip: body differs`);
    const again = await get(`${base}/${f}`, { 'if-none-match': plain.one('etag') });
    expect(again.status === 304, `/${f} with its ETag: HTTP ${again.status}`);
  }
  // What the folder lacks is the app's to refuse: its 404 envelope.
  const missing = await get(`${base}/assets/not-in-this-build.js`);
  expect(missing.status === 404 && /"code"/.test(missing.body.toString()), `missing file: HTTP ${missing.status}`);

  await sleep(200);
  const served = (await staticServed(instances)) - before;
  expect(
    served === pages.length,
    `instances answered ${served} web file requests (expected ${pages.length}: the index.html loads)`,
  );
  const proxied = nginx
    .readAccess()
    .all.filter((e) => e.uri.startsWith('/assets/') && e.upstreams.length && !e.uri.includes('not-in-this-build'));
  expect(proxied.length === 0, `nginx passed ${proxied.length} asset requests to an instance`);

  return {
    name: 'web app files from nginx, with the app’s headers',
    ok: problems.length === 0,
    detail: files.length
      ? `${files.length} files (${gz} as .gz), one Vary each; instances answered ${served} (the ${pages.length} index.html loads)`
      : `stub web build (--bundle): index.html only; instances answered ${served}`,
    problems: problems.slice(0, 20),
  };
}
