// What the instances run: a release (scripts/build-release.mjs), started with `node <release>/server.mjs` from the
// run's folder, outside the checkout, after `server.mjs migrate`. By default a fresh release is built into the run's
// folder from this tree (--reuse-web: the web build of `npm test`'s bundle step when it is current, else vite runs).
// --release <dir> (or CLUSTER_RELEASE) runs a release built before; --bundle runs the server bundle from the checkout
// instead (scripts/build-server.mjs, quicker while working on the harness; CLUSTER_BUNDLE names a prebuilt one).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { newestMtime } from '../lib/newest-mtime.mjs';

const SERVER_SOURCES = ['server/src', 'packages/contracts/src', 'scripts/build-server.mjs', 'package-lock.json'];

/** Answers { kind, describe, command: { cmd, args, cwd }, migrate?, webDist?, buildMs } for the instances. */
export function resolveServer(root, runDir, opts = {}) {
  if (opts.bundle) return bundle(root, runDir);
  const t0 = Date.now();
  let release = opts.release ?? process.env.CLUSTER_RELEASE;
  if (release) release = path.resolve(root, release);
  else {
    release = path.join(runDir, 'release');
    const r = spawnSync(
      process.execPath,
      [path.join(root, 'scripts/build-release.mjs'), '--out', release, '--reuse-web'],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    if (r.status !== 0) throw new Error(`release build failed:\n${r.stdout}${r.stderr}`);
  }
  if (!existsSync(path.join(release, 'server.mjs'))) throw new Error(`${release} is not a release (no server.mjs)`);
  const server = path.join(release, 'server.mjs');
  return {
    kind: 'release',
    describe: opts.release || process.env.CLUSTER_RELEASE ? release : 'built into the run folder',
    buildMs: Date.now() - t0,
    // From the run's folder on purpose: the release must not depend on the checkout.
    command: { cmd: process.execPath, args: [server], cwd: runDir },
    migrate: { cmd: process.execPath, args: [server, 'migrate'], cwd: runDir },
    // What nginx serves the web app's files from (deploy/nginx.conf's `root`).
    webRoot: path.join(release, 'web'),
  };
}

function bundle(root, runDir) {
  const given = process.env.CLUSTER_BUNDLE && path.resolve(process.env.CLUSTER_BUNDLE);
  const out = given || path.join(root, 'server/dist/cluster/main.js');
  const built = existsSync(out) ? statSync(out).mtimeMs : 0;
  if (given && !built) throw new Error(`CLUSTER_BUNDLE ${given} does not exist`);
  if (!given && (!built || Math.max(...SERVER_SOURCES.map((p) => newestMtime(path.join(root, p)))) > built)) {
    const r = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--out', out], {
      cwd: root,
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`server bundle failed:\n${r.stdout}${r.stderr}`);
  }
  // No web build is needed to prove the API: a stub page, as server/test/faults/server-process.ts does.
  const web = path.join(runDir, 'web');
  mkdirSync(web, { recursive: true });
  writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>cluster</title>');
  return {
    kind: 'bundle',
    describe: path.relative(root, out),
    command: { cmd: process.execPath, args: [out], cwd: given ? path.resolve(path.dirname(given), '../..') : root },
    webDist: web,
    webRoot: web,
  };
}
