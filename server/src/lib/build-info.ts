import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Which build is running: the `--version` answer, the "ready" log line and the jz_build_info metric. A release
 * carries it in RELEASE.json, written at build time (scripts/build-release.mjs); the release bundle resolves this
 * file's paths from the release root, which stands where the repository root stands, so the same path finds it.
 * From a checkout (source, or `npm start`'s bundle) there is no RELEASE.json: the root package.json's version and
 * the checkout's git commit.
 */
export interface BuildInfo {
  version: string;
  /** The commit's first 12 hex digits, `-dirty` when the tree had uncommitted changes; `unknown` without one. */
  commit: string;
  /** ISO time of the release build; null when running from a checkout. */
  builtAt: string | null;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let cached: BuildInfo | undefined;

export function buildInfo(): BuildInfo {
  cached ??= fromRelease() ?? fromCheckout();
  return cached;
}

/** `jiazheng-console 0.2.0 (1a2b3c4d5e6f, built 2026-12-01T08:00:00.000Z)`. */
export function describeBuild(info: BuildInfo = buildInfo()): string {
  return `jiazheng-console ${info.version} (${info.commit}, ${info.builtAt ? `built ${info.builtAt}` : 'from a checkout'})`;
}

function shortCommit(commit: string | null | undefined, dirty: boolean | null | undefined) {
  if (!commit) return 'unknown';
  return `${commit.slice(0, 12)}${dirty ? '-dirty' : ''}`;
}

function fromRelease(): BuildInfo | undefined {
  const file = path.join(root, 'RELEASE.json');
  if (!existsSync(file)) return undefined;
  const r = JSON.parse(readFileSync(file, 'utf8')) as {
    version?: string;
    commit?: string | null;
    dirty?: boolean | null;
    builtAt?: string;
  };
  return { version: r.version ?? '0.0.0', commit: shortCommit(r.commit, r.dirty), builtAt: r.builtAt ?? null };
}

function fromCheckout(): BuildInfo {
  let version = '0.0.0';
  try {
    version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version ?? version;
  } catch {}
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', args, {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 3000,
      });
    } catch {
      return undefined;
    }
  };
  const commit = git('rev-parse', 'HEAD')?.trim();
  const dirty = commit ? git('status', '--porcelain', '--untracked-files=no')?.trim() !== '' : false;
  return { version, commit: shortCommit(commit, dirty), builtAt: null };
}
