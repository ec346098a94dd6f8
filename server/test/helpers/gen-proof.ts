import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * The code generator's proof in a copy of the project (gen.test, gen-tree.test): the copy's server and web type
 * checks, Biome on the generated files, the generated module's own test and the web registry test. The copy holds the
 * whole working tree, so type errors in files the generator did not write (work in progress elsewhere) are reported,
 * not held against the generator.
 */
export async function proveGenerated(copy: string, generated: string[], generatedTest: string) {
  const opts = { cwd: copy, maxBuffer: 32 << 20, env: { ...process.env, NODE_ENV: 'test' } };
  const step = async (cmd: string, args: string[], cwd = copy) => {
    try {
      await run('npx', [cmd, ...args], { ...opts, cwd });
    } catch (e) {
      const err = e as { stdout?: string; stderr?: string };
      throw new Error(`${cmd} ${args.join(' ')} failed:\n${err.stdout ?? ''}\n${err.stderr ?? ''}`.slice(0, 6000));
    }
  };
  const typeCheck = async (project: string) => {
    try {
      await run('npx', ['tsc', '--noEmit', '-p', project], opts);
    } catch (e) {
      const out = `${(e as { stdout?: string }).stdout ?? ''}`;
      const lines = out.split('\n').filter((l) => /error TS/.test(l));
      const mine = lines.filter((l) => generated.some((g) => l.includes(path.basename(g))));
      if (mine.length || !lines.length) throw new Error(`tsc -p ${project} failed:\n${out.slice(0, 6000)}`);
      console.warn(`tsc -p ${project}: ${lines.length} error(s) outside the generated files:\n${lines.join('\n')}`);
    }
  };
  await typeCheck('server');
  await typeCheck('web');
  await step('biome', ['check', ...generated]);
  await step('vitest', ['run', generatedTest], path.join(copy, 'server'));
  // The generated page is in the web registry under the menu's component key and route (no silent 404).
  await step('vitest', ['run', 'src/app/registry.test.ts'], path.join(copy, 'web'));
}
