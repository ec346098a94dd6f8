import { z } from 'zod';

/**
 * One API call, declared once and used by both sides (docs/contracts.md): the server registers its route from it
 * (validation, answer serialization, permission, operation log, OpenAPI), the web calls it through `callContract`.
 *
 * `path` is written as the spec names it, below `{host}/tmpl` (the server mounts it there, the web client's base is
 * `/tmpl`), with `:name` path parameters.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type OplogType = 'add' | 'edit' | 'delete' | 'grant' | 'export' | 'import' | 'other' | 'login';

/**
 * Who may call: anyone, any signed-in user (own records, shared reference data), holders of a permission code, or an
 * employee signed in on the staff page (`staff`: her own jobs only; console tokens are refused there and hers on the
 * console).
 */
export type Access =
  | { public: true }
  | { signedIn: true }
  | { staff: true }
  | {
      perm: string;
      /** Other codes that pass as well (data shared by two pages). */
      alsoPerms?: readonly string[];
    };

/**
 * What a call answers besides JSON: `file` (a download: the file, or the envelope when refused), `stream` (server-sent
 * events), `html`/`redirect` (a page for a browser). Such calls have no `result` schema; `why` is shown in OpenAPI.
 */
export interface RawAnswer {
  kind: 'file' | 'stream' | 'html' | 'redirect';
  why: string;
}

export interface Contract<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  X extends RawAnswer | undefined = RawAnswer | undefined,
> {
  method: HttpMethod;
  path: string;
  /** One Chinese line: what the call does (OpenAPI summary). */
  summary: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  /** The schema of `result` in the envelope: fields not listed never leave the server. */
  result: R;
  /** Set instead of a JSON answer (downloads, event streams). */
  raw?: X;
  oplog?: { title: string; type: OplogType };
  /** Multipart upload: the body is read by the handler, not by a schema. */
  multipart?: true;
  /** Keys the spec puts in the envelope beside code/message/result (the uploads' `success`, the editor's errno/data). */
  envelopeKeys?: z.ZodRawShape;
}

export type AnyContract = Contract<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined, z.ZodType>;

/** Identity with inference: keeps each schema's exact type on the declared object. */
export const defineContract = <
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodNull,
  X extends RawAnswer | undefined = undefined,
>(
  c: Contract<P, Q, B, R, X>,
) => c;

// A contract's optional part reads as `Schema | undefined`: absent when only undefined is left.
type Out<S> = [S] extends [undefined] ? undefined : z.output<NonNullable<S>>;

/** What the web receives in `result` (the server serializes through the schema). */
export type ResultOf<C extends AnyContract> = z.output<C['result']>;
/** What a handler may hand to the serializer (before the schema's own defaults and transforms). */
export type ResultInputOf<C extends AnyContract> = z.input<C['result']>;
/** Validated request parts as the server handler sees them. */
export type ParamsOf<C extends AnyContract> = Out<C['params']>;
export type QueryOf<C extends AnyContract> = Out<C['query']>;
export type BodyOf<C extends AnyContract> = Out<C['body']>;
/**
 * Request parts as a caller sends them: the parsed shapes (zod's input types of coerced form fields are `unknown`,
 * which would check nothing); query fields are all optional (the schemas default paging and filters).
 */
export type ParamsInputOf<C extends AnyContract> = Out<C['params']>;
export type QueryInputOf<C extends AnyContract> = [C['query']] extends [undefined]
  ? undefined
  : Partial<Out<C['query']>>;
export type BodyInputOf<C extends AnyContract> = Out<C['body']>;

/** `/a/:id/b` with {id: 3} -> `/a/3/b`; values are URI-encoded. */
export function fillPath(path: string, params: Record<string, unknown> | undefined) {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, k: string) => {
    const v = params?.[k];
    if (v === undefined || v === null) throw new Error(`path parameter ${k} missing for ${path}`);
    return encodeURIComponent(Array.isArray(v) ? v.join(',') : String(v));
  });
}

/** The envelope around a result schema, as the server's answer schema and the OpenAPI document describe it. */
export const envelopeOf = <R extends z.ZodType>(result: R, keys: z.ZodRawShape = {}) =>
  z.object({ code: z.number().int(), message: z.string(), result, ...keys });

/** Shapes shared by many answers. */
export const pageOf = <T extends z.ZodType>(row: T) => z.object({ records: z.array(row), total: z.number().int() });
/** A row's new id. */
export const idResult = z.object({ id: z.number().int() });
export const noResult = z.null();
