import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import type { FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';

/**
 * Answers are written by a serializer compiled once per route from the contract's answer schema (fast-json-stringify,
 * fastify's own) instead of a zod parse and JSON.stringify per answer. The zod schema stays the route's response
 * schema, so OpenAPI is unchanged; only what runs per answer changes.
 *
 * Compiled only where the two cannot differ on a correct answer: objects (unlisted keys dropped, as zod strips them),
 * arrays, strings, numbers, booleans, null, literals, enums, nullable/optional, records and `any`. A schema with
 * anything that computes an output (transforms, pipes, defaults, dates, lazy trees, unions of objects) keeps the zod
 * serializer. On a wrong answer the compiled one coerces where zod refuses, so tests and development (`check`) write
 * every answer both ways and fail when zod refuses it or the two are not the same JSON value.
 */

type Json = Record<string, unknown>;
type Def = { type: string } & Record<string, unknown>;
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;
const optionalOut = (s: z.ZodType) => (s as unknown as { _zod: { optout?: string } })._zod.optout === 'optional';

const literalType = (v: unknown) =>
  v === null ? 'null' : typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'boolean' : 'string';

/**
 * The JSON schema fast-json-stringify needs for `s`, or null when only zod can write it faithfully. A recursive schema
 * (a tree whose object refers to itself through a getter) is left to zod.
 */
export function plainJsonSchema(s: z.ZodType, walking = new Set<z.ZodType>()): Json | null {
  if (walking.has(s)) return null;
  walking.add(s);
  try {
    return plainOf(s, walking);
  } finally {
    walking.delete(s);
  }
}

function plainOf(s: z.ZodType, walking: Set<z.ZodType>): Json | null {
  const sub = (inner: z.ZodType) => plainJsonSchema(inner, walking);
  const d = defOf(s);
  switch (d.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'null':
      return { type: d.type };
    case 'any':
    case 'unknown':
      return {};
    case 'enum':
      return { type: [...new Set(Object.values(d.entries as Json).map(literalType))] };
    case 'literal': {
      const types = [...new Set((d.values as unknown[]).map(literalType))];
      if ((d.values as unknown[]).some((v) => v !== null && !['string', 'number', 'boolean'].includes(typeof v)))
        return null;
      return { type: types.length === 1 ? types[0] : types };
    }
    case 'nullable': {
      const inner = sub(d.innerType as z.ZodType);
      if (!inner || inner.type === undefined) return inner && {};
      return { ...inner, nullable: true };
    }
    case 'optional':
    case 'readonly':
      return sub(d.innerType as z.ZodType);
    case 'array': {
      const items = sub(d.element as z.ZodType);
      return items && { type: 'array', items };
    }
    case 'record': {
      const key = defOf(d.keyType as z.ZodType).type;
      const value = sub(d.valueType as z.ZodType);
      return key === 'string' && value ? { type: 'object', additionalProperties: value } : null;
    }
    case 'object': {
      // Strict objects refuse unknown keys where this would drop them; loose ones keep them (as zod does).
      const catchall = d.catchall as z.ZodType | undefined;
      const extra = catchall === undefined ? false : defOf(catchall).type === 'unknown' ? true : null;
      if (extra === null) return null;
      const properties: Json = {};
      const required: string[] = [];
      for (const [key, value] of Object.entries(d.shape as Record<string, z.ZodType>)) {
        const p = sub(value);
        if (!p) return null;
        properties[key] = p;
        if (!optionalOut(value)) required.push(key);
      }
      return { type: 'object', properties, required, additionalProperties: extra };
    }
    default:
      return null;
  }
}

const zodSerializer = createSerializerCompiler({}) as FastifySerializerCompiler<z.ZodType>;

/** How many routes got a compiled serializer and which kept zod's (for the start-up log and the tests). */
export interface SerializerStats {
  compiled: number;
  zod: string[];
}

/**
 * The app's serializer compiler. `check`: also run zod's and compare (tests, development); a refusal or a difference
 * throws, so the request answers 500 and the test that made it fails.
 */
export function answerSerializerCompiler(opts: { check: boolean; stats?: SerializerStats }) {
  const compiler: FastifySerializerCompiler<z.ZodType> = (route) => {
    const viaZod = zodSerializer(route);
    const json = plainJsonSchema(route.schema);
    if (!json) {
      opts.stats?.zod.push(`${route.method} ${route.url}`);
      return viaZod;
    }
    if (opts.stats) opts.stats.compiled++;
    // Compiled at the route's first answer: most of the 300 routes are rarely called (start-up time and memory).
    let compiled: ((data: unknown) => string) | undefined;
    const fast = (data: unknown) => {
      if (!compiled) {
        try {
          compiled = fastJson(json as never) as (data: unknown) => string;
        } catch {
          compiled = viaZod; // a schema fast-json-stringify cannot compile: zod writes it
        }
      }
      return compiled(data);
    };
    if (!opts.check) return fast;
    return (data: unknown) => {
      const expected = viaZod(data);
      const written = fast(data);
      // The same JSON value; key order may differ (zod writes an object's keys in the order its input had them).
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected)))
        throw new Error(
          `answer serializers disagree on ${route.method} ${route.url}:\n zod:      ${expected.slice(0, 500)}\n compiled: ${written.slice(0, 500)}`,
        );
      return written;
    };
  };
  return compiler;
}
