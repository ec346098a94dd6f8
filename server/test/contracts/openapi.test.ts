import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/index.ts';

/** The served OpenAPI document is generated from the contracts: it describes every answer. */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await buildTestApp();
    doc = (await t.app.inject({ method: 'GET', url: '/tmpl/api/docs/json' })).json();
  });
  afterAll(() => t?.close());

  interface Operation {
    description?: string;
    security?: Record<string, string[]>[];
    summary?: string;
    responses?: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
  }
  const operations = () =>
    Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/tmpl/api/') && !p.startsWith('/tmpl/api/docs'))
      .flatMap(([p, ops]) => Object.entries(ops).map(([m, op]) => ({ id: `${m.toUpperCase()} ${p}`, op })));
  const describesResult = (op: Operation) =>
    !!op.responses?.['200']?.content?.['application/json']?.schema?.properties?.result;
  const saysWhy = (op: Operation) => !!op.description?.startsWith('不返回 JSON 结果');

  it('describes the result of at least 95% of operations; every other one says why', () => {
    const ops = operations();
    const described = ops.filter((o) => describesResult(o.op));
    const unexplained = ops.filter((o) => !describesResult(o.op) && !saysWhy(o.op)).map((o) => o.id);
    console.log(`openapi: ${described.length} of ${ops.length} operations describe result`);
    expect(unexplained).toEqual([]);
    expect(described.length / ops.length).toBeGreaterThanOrEqual(0.95);
  });

  it('staff calls name the staff token (staffBearer), never the console token; the sign-in is public', () => {
    const staff = operations().filter((o) => o.id.includes(' /tmpl/api/staff/'));
    expect(staff.length).toBeGreaterThanOrEqual(15);
    for (const { id, op } of staff) {
      const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
      expect(schemes, id).toEqual(id.includes('/login/sms/') ? [] : ['staffBearer']);
    }
    const consoleOps = operations().filter((o) => !o.id.includes(' /tmpl/api/staff/'));
    expect(consoleOps.some((o) => (o.op.security ?? []).some((s) => 'staffBearer' in s))).toBe(false);
    expect((doc as unknown as { components: { securitySchemes: object } }).components.securitySchemes).toHaveProperty(
      'staffBearer',
    );
  });

  it('gives every operation a Chinese summary', () => {
    const missing = operations()
      .filter((o) => !/[\u4e00-\u9fa5]/.test(o.op.summary ?? ''))
      .map((o) => o.id);
    expect(missing).toEqual([]);
  });
});
