/**
 * The batched log destination (lib/log-stream.ts, issue 22) loses nothing when the process ends: lines still in its
 * buffer are written on exit, whether the process calls process.exit() right after logging or dies of an uncaught
 * exception.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const moduleUrl = path.resolve(import.meta.dirname, '../src/lib/log-stream.ts');

function run(ending: string) {
  const script = `
    import { batchedStdout } from ${JSON.stringify(moduleUrl)};
    const out = batchedStdout();
    for (let i = 0; i < 5000; i++) out.write(JSON.stringify({ i, msg: 'x'.repeat(40) }) + '\\n');
    ${ending}`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: path.resolve(import.meta.dirname, '..'),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return r.stdout.split('\n').filter(Boolean);
}

describe('batched stdout log', () => {
  it('writes every buffered line on process.exit()', () => {
    const lines = run('process.exit(0);');
    expect(lines).toHaveLength(5000);
    expect(JSON.parse(lines[4999]).i).toBe(4999);
  });

  it('writes every buffered line when the process dies of an uncaught exception', () => {
    const lines = run("throw new Error('boom');");
    expect(lines).toHaveLength(5000);
  });
});
