import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A migration that has been released ran on databases we cannot reach again: editing it changes nothing there and
 * makes new databases differ from upgraded ones. server/src/db/migrations.sha256 (sha256sum format: `<hex>  <file>`)
 * lists every released migration; each must still exist with exactly those bytes. Migrations not listed yet are new
 * and free to change until the release script (scripts/release.mjs) appends them (docs/operations.md, "Migrations").
 */
const db = path.resolve(import.meta.dirname, '../src/db');
const listFile = path.join(db, 'migrations.sha256');

function released() {
  return readFileSync(listFile, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const m = /^([0-9a-f]{64}) [ *](\S+)$/.exec(l);
      if (!m) throw new Error(`migrations.sha256: not "<sha256>  <file>": ${l}`);
      return { sha256: m[1], file: m[2] };
    });
}

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('released migrations are immutable', () => {
  const list = released();

  it('lists released migrations, each once', () => {
    expect(list.length).toBeGreaterThan(0);
    const names = list.map((e) => e.file);
    expect(new Set(names).size).toBe(names.length);
  });

  it('every listed migration still exists with the bytes it was released with', () => {
    const changed = list.flatMap(({ sha256: want, file }) => {
      const p = path.join(db, 'migrations', file);
      if (!existsSync(p)) return [`${file}: deleted`];
      return sha256(p) === want ? [] : [`${file}: edited`];
    });
    // A fix to a released migration goes into a new migration; revert the edit (git checkout <release tag> -- <file>).
    expect(changed, 'released migrations changed: write a new migration instead').toEqual([]);
  });

  it('new migrations may exist beside them (appended to the list at release time)', () => {
    const files = readdirSync(path.join(db, 'migrations')).filter((f) => f.endsWith('.ts'));
    const listed = new Set(list.map((e) => e.file));
    // Informational: which ones the next release will append.
    const unreleased = files.filter((f) => !listed.has(f));
    expect(files.length).toBe(listed.size + unreleased.length);
  });
});
