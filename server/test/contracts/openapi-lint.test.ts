import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from '../../src/lib/openapi.ts';
import { buildTestApp, type TestApp } from '../helpers/index.ts';

/**
 * The served OpenAPI document serves a client: Redocly's recommended rules pass without errors, and openapi-typescript
 * generates types from it (the staff page, a customer app or a partner would generate their client this way). The
 * document does not depend on the database, so the PostgreSQL pass skips it.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
  'x-permission'?: string;
}

describe.skipIf(process.env.TEST_DB === 'postgres')(
  'the OpenAPI document feeds client generators (SQLite pass only)',
  () => {
    let t: TestApp;
    let dir: string;
    let file: string;
    let doc: { paths: Record<string, Record<string, Operation>>; components: Record<string, Record<string, unknown>> };
    beforeAll(async () => {
      t = await buildTestApp();
      const res = await t.app.inject({ method: 'GET', url: '/tmpl/api/docs/json' });
      dir = mkdtempSync(path.join(tmpdir(), 'jz-openapi-'));
      file = path.join(dir, 'openapi.json');
      writeFileSync(file, res.body);
      doc = res.json();
    });
    afterAll(async () => {
      await t?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    const operations = () =>
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.entries(ops).map(([m, op]) => ({ id: `${m} ${p}`, op })));

    it('passes Redocly’s recommended rules with no error', () => {
      const r = spawnSync(bin('redocly'), ['lint', file, '--extends', 'recommended', '--format', 'json'], {
        encoding: 'utf8',
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      });
      const report = JSON.parse(r.stdout) as { totals: { errors: number; warnings: number }; problems: unknown[] };
      const errors = (report.problems as { severity: string; ruleId: string; message: string }[]).filter(
        (p) => p.severity === 'error',
      );
      console.log(`openapi lint: ${report.totals.errors} errors, ${report.totals.warnings} warnings`);
      expect(errors.map((e) => `${e.ruleId}: ${e.message}`)).toEqual([]);
      expect(r.status).toBe(0);
    }, 60_000); // a child process over ~330 operations: past 15 s on a loaded machine

    it('generates TypeScript with openapi-typescript, the recursive trees included', () => {
      const out = path.join(dir, 'api.d.ts');
      const r = spawnSync(bin('openapi-typescript'), [file, '-o', out], { encoding: 'utf8', cwd: dir });
      expect(r.status, r.stderr).toBe(0);
      const types = readFileSync(out, 'utf8');
      expect(types).toMatch(/MenuOption: \{/);
      expect(types).toMatch(/children\?: components\["schemas"\]\["MenuOption"\]\[\]/);
      expect(types).toContain('postShangjiaInfoAdd');
    }, 60_000);

    it('every operation has a unique id, declares its access and describes its refusals', () => {
      const ops = operations();
      expect(ops.length).toBeGreaterThan(200);
      const ids = ops.map((o) => o.op.operationId);
      expect(ids.filter((id) => !id)).toEqual([]);
      expect(new Set(ids).size).toBe(ids.length);
      expect(doc.components.securitySchemes).toHaveProperty('bearerAuth');
      for (const { id, op } of ops) {
        expect(op.security, id).toBeDefined();
        expect(Object.keys(op.responses ?? {}), id).toEqual(expect.arrayContaining(['200', '404', '409']));
      }
      // a permission-gated call names its code and the bearer token; a public one asks for nothing
      const add = doc.paths['/tmpl/api/app/jiazheng/shangjia/info/add'].post;
      expect(add.security).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(add.responses ?? {})).toEqual(expect.arrayContaining(['400', '401', '403']));
      const sendCode = ops.find((o) => o.id.endsWith('/login/sms/sendCode'));
      expect(sendCode?.op.security).toEqual([]);
      expect(Object.keys(sendCode?.op.responses ?? {})).not.toContain('401');
    });

    it('names operations after method and path', () => {
      expect(operationIdOf('POST', '/tmpl/api/app/jiazheng/shangjia/info/add')).toBe('postShangjiaInfoAdd');
      expect(operationIdOf('GET', '/tmpl/api/merchant/subaccount/role/menuTree')).toBe(
        'getMerchantSubaccountRoleMenuTree',
      );
      expect(operationIdOf('DELETE', '/tmpl/api/sys/dict/:id')).toBe('deleteSysDictById');
    });
  },
);
