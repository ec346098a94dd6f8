import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type AnyContract, envelopeOf } from '@jz/contracts/contract';
import { dictApi } from '@jz/contracts/api/dict';
import { goodsApi } from '@jz/contracts/api/goods';
import { orderApi } from '@jz/contracts/api/order';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerCheck } from '../src/app.ts';
import { answerSerializerCompiler, plainJsonSchema, type SerializerStats } from '../src/lib/answer-serializer.ts';

/** docs/performance.md: answers are written by serializers compiled from the contracts; zod checks them in tests. */

const apiDir = path.resolve(import.meta.dirname, '../../packages/contracts/src/api');
const modules: Record<string, unknown>[] = await Promise.all(
  readdirSync(apiDir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => import(pathToFileURL(path.join(apiDir, f)).href)),
);
const contracts = modules
  .flatMap((m) => Object.values(m))
  .filter((v): v is Record<string, AnyContract> => !!v && typeof v === 'object')
  .flatMap((group) => Object.values(group))
  .filter((c): c is AnyContract => !!c && typeof c === 'object' && 'path' in c && 'method' in c && 'result' in c);

const row = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  tags: z.array(z.string()),
  counts: z.record(z.string(), z.number()),
  extra: z.unknown().optional(),
});

/** A server with one route answering `answer` through the app's serializer compiler. */
async function serve(schema: z.ZodType, answer: unknown, check: boolean, stats?: SerializerStats) {
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(answerSerializerCompiler({ check, stats }) as never);
  app.get('/x', { schema: { response: { 200: schema } } }, async () => answer);
  const res = await app.inject({ method: 'GET', url: '/x' });
  await app.close();
  return res;
}

describe('compiled answer serializers', () => {
  it('compiles the hot lists (orders, goods, dictionary) and most contracts; leaves computed schemas to zod', () => {
    for (const c of [orderApi.page, goodsApi.page, dictApi.byType])
      expect(plainJsonSchema(envelopeOf(c.result, c.envelopeKeys)), c.path).not.toBeNull();
    const json = contracts.filter((c) => !c.raw);
    const plain = json.filter((c) => plainJsonSchema(envelopeOf(c.result, c.envelopeKeys)));
    console.log(`answer serializers: ${plain.length} of ${json.length} contracts compiled, the rest through zod`);
    expect(plain.length / json.length).toBeGreaterThan(0.6);

    expect(plainJsonSchema(z.object({ at: z.string().transform((s) => s.trim()) }))).toBeNull();
    expect(plainJsonSchema(z.object({ n: z.number().default(0) }))).toBeNull();
    expect(plainJsonSchema(z.object({ d: z.date() }))).toBeNull();
    expect(plainJsonSchema(z.strictObject({ a: z.string() }))).toBeNull();
    const node = z.object({
      id: z.number(),
      get children() {
        return z.array(node);
      },
    });
    expect(plainJsonSchema(node)).toBeNull();
  });

  it('writes what zod writes: unlisted keys dropped, nulls, records, optional keys', async () => {
    const answer = {
      code: 200,
      message: 'ok',
      result: [
        { id: 1, name: '张三 "引号"\n', note: null, tags: ['a'], counts: { all: 3, 10: 2 }, secret: 'x' },
        { id: 2, name: 'b', note: 'n', tags: [], counts: {}, extra: { deep: [1, null] } },
      ],
      leaked: true,
    };
    const schema = envelopeOf(z.array(row));
    const fast = await serve(schema, answer, false);
    expect(fast.statusCode).toBe(200);
    expect(fast.body).not.toContain('secret');
    expect(fast.body).not.toContain('leaked');
    expect(fast.json()).toEqual(schema.parse(answer));
  });

  it('under check (tests, development) an answer zod refuses fails; without it the compiled one writes it', async () => {
    const wrong = { code: 200, message: 'ok', result: [{ id: 1, name: 7, note: null, tags: [], counts: {} }] };
    const schema = envelopeOf(z.array(row));
    expect((await serve(schema, wrong, true)).statusCode).toBe(500);
    expect((await serve(schema, wrong, false)).statusCode).toBe(200);
  });

  it('a schema only zod can write keeps the zod serializer (its transform runs)', async () => {
    const stats: SerializerStats = { compiled: 0, zod: [] };
    const schema = envelopeOf(z.object({ at: z.string().transform((s) => s.toUpperCase()) }));
    const res = await serve(schema, { code: 200, message: 'ok', result: { at: 'abc' } }, false, stats);
    expect(res.json().result).toEqual({ at: 'ABC' });
    expect(stats.compiled).toBe(0);
    expect(stats.zod).toContain('GET /x');
  });

  it('checks in tests and development, not in production; ANSWER_CHECK overrides', () => {
    expect(answerCheck({ NODE_ENV: 'test' }, {})).toBe(true);
    expect(answerCheck({ NODE_ENV: 'development' }, {})).toBe(true);
    expect(answerCheck({ NODE_ENV: 'production' }, {})).toBe(false);
    expect(answerCheck({ NODE_ENV: 'development' }, { ANSWER_CHECK: 'off' })).toBe(false);
    expect(answerCheck({ NODE_ENV: 'production' }, { ANSWER_CHECK: 'on' })).toBe(true);
  });
});
