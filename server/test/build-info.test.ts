import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInfo, describeBuild } from '../src/lib/build-info.ts';
import { buildTestApp, type TestApp } from './helpers/index.ts';

/**
 * Which build runs (docs/operations.md, "Versions"): from a checkout, the root package.json's version and the git
 * commit; `--version` prints it, the metrics carry it as jz_build_info. The release's side (RELEASE.json read by the
 * bundle, `node server.mjs --version`, the ready line) is proven by scripts/release-test.mjs.
 */
const root = path.resolve(import.meta.dirname, '../..');
const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version as string;
const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim().slice(0, 12);

describe('build information', () => {
  it('from a checkout: the package version and the checked-out commit', () => {
    const info = buildInfo();
    expect(info.version).toBe(version);
    expect(info.commit).toMatch(new RegExp(`^${head}(-dirty)?$`));
    expect(info.builtAt).toBeNull();
  });

  it('reads as one line: name, version, commit, build time', () => {
    expect(describeBuild({ version: '1.2.3', commit: 'abcdef012345', builtAt: '2026-12-01T08:00:00.000Z' })).toBe(
      'jiazheng-console 1.2.3 (abcdef012345, built 2026-12-01T08:00:00.000Z)',
    );
  });

  it('src/main.ts --version prints it and exits 0 without reading the configuration', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts', '--version'], {
      cwd: path.join(root, 'server'),
      // A configuration the server would refuse: --version must not care.
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(describeBuild());
  }, 90_000);
});

describe('jz_build_info', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('is 1 with the version and commit as labels', async () => {
    const { commit } = buildInfo();
    const text = await t.app.metrics.text();
    expect(text).toContain('# TYPE jz_build_info gauge');
    expect(text).toContain(`jz_build_info{version="${version}",commit="${commit}"} 1`);
  });
});
