#!/usr/bin/env node
// Cuts a release (docs/operations.md, "Versions and releases"):
//   1. bumps the semver version (patch | minor | major) in the root and every workspace package.json, and the same
//      version fields of package-lock.json (what `npm version` would change, nothing else);
//   2. adds a CHANGELOG.md entry listing the commits since the last `v*` tag (else since the commit the newest entry
//      records);
//   3. appends the checksums of migrations committed since the last release to server/src/db/migrations.sha256
//      (released migrations are immutable: server/test/migration-checksums.test.ts);
//   4. commits those files as "Release <version>" and tags it v<version> (--no-git: leaves them uncommitted);
//   5. builds the release into releases/jiazheng-console-<version>/ (scripts/build-release.mjs), from that commit.
//
// Usage: node scripts/release.mjs <patch|minor|major> [--dry-run] [--no-git] [--allow-dirty] [--out-dir releases]
//                                  [--reuse-web]
//   --dry-run      print the new version, the changelog entry and the new checksums; change nothing
//   --allow-dirty  run with uncommitted changes to tracked files (the build then records dirty: true)
//   --reuse-web    passed to build-release.mjs: copy a current web build instead of running vite
import './check-node.mjs';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const fail = (msg) => {
  console.error(`release: ${msg}`);
  process.exit(1);
};
const git = (...a) => {
  const r = spawnSync('git', a, { cwd: root, encoding: 'utf8' });
  return { ok: r.status === 0, out: (r.stdout ?? '').trim(), err: (r.stderr ?? '').trim() };
};
const mustGit = (...a) => {
  const r = git(...a);
  if (!r.ok) fail(`git ${a.join(' ')} failed: ${r.err}`);
  return r.out;
};

const part = args[0];
if (!['patch', 'minor', 'major'].includes(part))
  fail(
    'usage: node scripts/release.mjs <patch|minor|major> [--dry-run] [--no-git] [--allow-dirty] [--out-dir releases]',
  );
const dryRun = flag('--dry-run');
const useGit = !flag('--no-git');

/* ---------------- preconditions */
if (!git('rev-parse', '--git-dir').ok) fail('not a git checkout: the changelog and the commit come from git');
const dirty = mustGit('status', '--porcelain', '--untracked-files=no');
if (dirty && !flag('--allow-dirty'))
  fail(`uncommitted changes to tracked files (a release is built from a commit; --allow-dirty to override):\n${dirty}`);
const MIGRATIONS = 'server/src/db/migrations';
const untracked = mustGit('ls-files', '--others', '--exclude-standard', '--', MIGRATIONS);
if (untracked)
  fail(`migrations not committed (they would ship without being released):\n${untracked}\ncommit or remove them first`);

/* ---------------- 1. the version */
const rootPkgFile = path.join(root, 'package.json');
const rootPkg = JSON.parse(readFileSync(rootPkgFile, 'utf8'));
const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(rootPkg.version ?? '');
if (!m) fail(`package.json's version "${rootPkg.version}" is not MAJOR.MINOR.PATCH`);
const [major, minor, patch] = m.slice(1).map(Number);
const previous = rootPkg.version;
const version =
  part === 'major'
    ? `${major + 1}.0.0`
    : part === 'minor'
      ? `${major}.${minor + 1}.0`
      : `${major}.${minor}.${patch + 1}`;
const tag = `v${version}`;
if (git('rev-parse', '-q', '--verify', `refs/tags/${tag}`).ok) fail(`tag ${tag} already exists`);
const outDir = path.resolve(root, option('--out-dir', 'releases'));
const out = path.join(outDir, `jiazheng-console-${version}`);
if (existsSync(out)) fail(`${out} already exists`);

const workspaces = rootPkg.workspaces ?? [];
const pkgFiles = ['package.json', ...workspaces.map((w) => `${w}/package.json`)];
/** The first "version" field only, in place: the files keep their formatting and key order. */
const bumped = (text, file) => {
  const re = /("version"\s*:\s*")[^"]*(")/;
  if (!re.test(text)) fail(`${file} has no version field`);
  return text.replace(re, `$1${version}$2`);
};

/* ---------------- 2. the changelog entry */
const changelogFile = path.join(root, 'CHANGELOG.md');
const changelog = existsSync(changelogFile) ? readFileSync(changelogFile, 'utf8') : '# Changelog\n';
const lastTag = git('describe', '--tags', '--abbrev=0', '--match', 'v*').out || undefined;
// Without a tag: the commit the newest entry was cut at (its "<!-- commit: … -->" line).
const lastEntryCommit = /<!-- commit: ([0-9a-f]{7,40}) -->/.exec(changelog)?.[1];
const base = lastTag ?? lastEntryCommit;
const head = mustGit('rev-parse', 'HEAD');
const log = mustGit('log', '--no-merges', '--format=%h%x09%s', ...(base ? [`${base}..HEAD`] : ['HEAD']))
  .split('\n')
  .filter(Boolean)
  .map((l) => l.split('\t'))
  .filter(([, subject]) => !/^Release \d+\.\d+\.\d+$/.test(subject));
const shorten = (s, max = 200) => (s.length <= max ? s : `${s.slice(0, s.lastIndexOf(' ', max - 1) || max)} …`);
const today = new Date().toISOString().slice(0, 10);
const entry = [
  `## ${version} — ${today}`,
  '',
  `${log.length} commit(s) since ${lastTag ?? (base ? `\`${base.slice(0, 12)}\`` : 'the beginning')}:`,
  '',
  ...(log.length ? log.map(([hash, subject]) => `- ${shorten(subject)} (\`${hash}\`)`) : ['- no changes']),
  '',
  `<!-- commit: ${head} -->`,
  '',
].join('\n');
const firstEntry = changelog.search(/^## /m);
const newChangelog =
  firstEntry < 0
    ? `${changelog.trimEnd()}\n\n${entry}`
    : `${changelog.slice(0, firstEntry)}${entry}\n${changelog.slice(firstEntry)}`;

/* ---------------- 3. checksums of the migrations released now */
const sumsFile = path.join(root, 'server/src/db/migrations.sha256');
const sums = existsSync(sumsFile) ? readFileSync(sumsFile, 'utf8') : '';
const listed = new Set([...sums.matchAll(/^[0-9a-f]{64} [ *](\S+)$/gm)].map((x) => x[1]));
const newSums = mustGit('ls-files', '--', MIGRATIONS)
  .split('\n')
  .filter((f) => f.endsWith('.ts') && !listed.has(path.basename(f)))
  .sort()
  .map(
    (f) =>
      `${createHash('sha256')
        .update(readFileSync(path.join(root, f)))
        .digest('hex')}  ${path.basename(f)}`,
  );

console.log(`release: ${previous} -> ${version} (${pkgFiles.length} package.json files, package-lock.json)`);
console.log(`release: CHANGELOG.md entry:\n\n${entry}`);
console.log(
  `release: ${newSums.length} migration(s) newly released${newSums.length ? `:\n${newSums.join('\n')}` : ''}`,
);
if (dryRun) {
  console.log(`release: dry run, nothing changed (would build ${path.relative(root, out)})`);
  process.exit(0);
}

/* ---------------- write */
for (const f of pkgFiles) writeFileSync(path.join(root, f), bumped(readFileSync(path.join(root, f), 'utf8'), f));
const lockFile = path.join(root, 'package-lock.json');
if (existsSync(lockFile)) {
  const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
  lock.version = version;
  for (const key of ['', ...workspaces]) if (lock.packages?.[key]) lock.packages[key].version = version;
  writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);
}
writeFileSync(changelogFile, newChangelog);
if (newSums.length) writeFileSync(sumsFile, `${sums.trimEnd()}${sums.trim() ? '\n' : ''}${newSums.join('\n')}\n`);

/* ---------------- 4. commit and tag */
const changed = [...pkgFiles, 'package-lock.json', 'CHANGELOG.md', 'server/src/db/migrations.sha256'].filter((f) =>
  existsSync(path.join(root, f)),
);
if (useGit) {
  mustGit('add', '--', ...changed);
  mustGit('commit', '-m', `Release ${version}`, '--', ...changed);
  mustGit('tag', '-a', tag, '-m', `jiazheng-console ${version}`);
  console.log(
    `release: committed "Release ${version}" and tagged ${tag} (push both: git push && git push origin ${tag})`,
  );
} else console.log(`release: files updated, not committed (--no-git): ${changed.join(', ')}`);

/* ---------------- 5. build */
const build = spawnSync(
  process.execPath,
  [path.join(root, 'scripts/build-release.mjs'), '--out', out, ...(flag('--reuse-web') ? ['--reuse-web'] : [])],
  { cwd: root, stdio: 'inherit' },
);
if (build.status !== 0)
  fail(`the build failed; after fixing it: node scripts/build-release.mjs --out ${path.relative(root, out)}`);
console.log(`release: ${version} ready in ${path.relative(process.cwd(), out) || out}`);
