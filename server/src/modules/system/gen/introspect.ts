import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { HtmlType, QueryType, TsType } from '@jz/contracts/gen';
import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { isPg } from '../../../db/migration-kit.ts';

export interface LiveColumn {
  name: string;
  dataType: string;
  isNullable: boolean;
  isAutoIncrementing: boolean;
  hasDefaultValue: boolean;
  comment: string | null;
}
export interface LiveTable {
  name: string;
  comment: string;
  columns: LiveColumn[];
}

/** Tables the generator never offers: Kysely's bookkeeping, SQLite's own, and the generator's. */
const DENY = [/^kysely_/, /^sqlite_/, /^gen_table/, /^session$/, /^sms_code$/];

/**
 * The product's own tables: every table a project migration creates (generated `_gen_` migrations excepted).
 * Importing one would declare a second Kysely type for a table the app already owns.
 */
export function projectTables(migrationsDir: string): Set<string> {
  const out = new Set<string>();
  let files: string[] = [];
  try {
    files = readdirSync(migrationsDir).filter((f) => /\.ts$/.test(f) && !/_gen_/.test(f));
  } catch {
    return out;
  }
  for (const f of files) {
    const text = readFileSync(path.join(migrationsDir, f), 'utf8');
    for (const m of text.matchAll(/createTable\(\s*['"`]([A-Za-z0-9_]+)['"`]/g)) out.add(m[1]);
  }
  return out;
}

export const isDenied = (name: string, own: Set<string>) => own.has(name) || DENY.some((re) => re.test(name));

/** Live tables through Kysely's introspection; PostgreSQL comments via obj_description / col_description. */
export async function liveTables(db: DB): Promise<LiveTable[]> {
  const metas = await db.introspection.getTables();
  const comments = new Map<string, string>();
  const colComments = new Map<string, string>();
  if (isPg(db)) {
    const t = await sql<{ name: string; comment: string | null }>`
      select c.relname as name, obj_description(c.oid, 'pg_class') as comment
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p')`.execute(db.withoutPlugins());
    for (const r of t.rows) if (r.comment) comments.set(r.name, r.comment);
    const c = await sql<{ tbl: string; col: string; comment: string | null }>`
      select c.relname as tbl, a.attname as col, col_description(c.oid, a.attnum) as comment
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = current_schema() and c.relkind in ('r', 'p')`.execute(db.withoutPlugins());
    for (const r of c.rows) if (r.comment) colComments.set(`${r.tbl}.${r.col}`, r.comment);
  }
  return metas
    .filter((m) => !m.isView)
    .map((m) => ({
      name: m.name,
      comment: comments.get(m.name) ?? m.name,
      columns: m.columns.map((c) => ({
        name: c.name,
        dataType: c.dataType,
        isNullable: c.isNullable,
        isAutoIncrementing: c.isAutoIncrementing,
        hasDefaultValue: c.hasDefaultValue,
        comment: colComments.get(`${m.name}.${c.name}`) ?? c.comment ?? null,
      })),
    }));
}

/** One set of type names for both databases: number, string (datetime for time types) or boolean. */
export function normaliseType(dataType: string): {
  tsType: TsType;
  datetime: boolean;
  integer: boolean;
  length?: number;
} {
  const t = dataType.toLowerCase().trim();
  const length = Number(/\((\d+)/.exec(t)?.[1]) || undefined;
  const base = t.replace(/\(.*$/, '').trim();
  if (/^(int|int2|int4|int8|integer|smallint|bigint|tinyint|mediumint|serial|bigserial|smallserial)$/.test(base))
    return { tsType: 'number', datetime: false, integer: true };
  if (/^(real|double|double precision|float|float4|float8|numeric|decimal|number)$/.test(base))
    return { tsType: 'number', datetime: false, integer: false };
  if (/^(bool|boolean)$/.test(base)) return { tsType: 'boolean', datetime: false, integer: false };
  if (
    /^(timestamp|timestamptz|timestamp with time zone|timestamp without time zone|date|datetime|time|timetz)/.test(base)
  )
    return { tsType: 'string', datetime: true, integer: false };
  return { tsType: 'string', datetime: false, integer: false, length };
}

const AUDIT = new Set(['created_at', 'updated_at']);
/** Labels for common column names when the database has no comment (SQLite has none). */
const KNOWN_LABELS: Record<string, string> = {
  id: '编号',
  name: '名称',
  title: '标题',
  status: '状态',
  type: '类型',
  sort: '排序',
  remark: '备注',
  content: '内容',
  created_at: '创建时间',
  updated_at: '更新时间',
};

/** RuoYi-like defaults for a column, from its name and type. */
export function columnDefaults(c: LiveColumn, sort: number) {
  const n = c.name.toLowerCase();
  const ty = normaliseType(c.dataType);
  const isPk = n === 'id' || c.isAutoIncrementing;
  const audit = AUDIT.has(n);
  let htmlType: HtmlType = 'input';
  if (ty.datetime) htmlType = 'datetime';
  else if (/(^|_)status$/.test(n)) htmlType = 'radio';
  else if (/(^|_)type$/.test(n)) htmlType = 'select';
  else if (/image|avatar|logo|picture|photo/.test(n) || /_url$/.test(n)) htmlType = 'imageUpload';
  else if (/(^|_)file/.test(n)) htmlType = 'fileUpload';
  else if (/content/.test(n)) htmlType = 'editor';
  else if (
    ty.tsType === 'string' &&
    ((ty.length !== undefined && ty.length >= 500) || /(^|_)(remark|description|desc|note|memo|intro)$/.test(n))
  )
    htmlType = 'textarea';
  const nameLike = /(^|_)(name|title)$/.test(n);
  const isQuery = !isPk && !audit && (nameLike || htmlType === 'radio' || htmlType === 'select');
  const queryType: QueryType = nameLike ? 'LIKE' : ty.datetime ? 'BETWEEN' : 'EQ';
  const editable = !isPk && !audit;
  return {
    columnName: c.name,
    columnComment: c.comment ?? KNOWN_LABELS[n] ?? '',
    columnType: c.dataType,
    tsType: ty.tsType,
    isPk: isPk ? 1 : 0,
    isRequired: editable && !c.isNullable && !c.hasDefaultValue ? 1 : 0,
    isInsert: editable ? 1 : 0,
    isEdit: editable ? 1 : 0,
    isList: n === 'updated_at' || htmlType === 'editor' || htmlType === 'textarea' || htmlType === 'fileUpload' ? 0 : 1,
    isQuery: isQuery ? 1 : 0,
    queryType,
    htmlType,
    dictType: htmlType === 'radio' && ty.tsType === 'number' && /(^|_)status$/.test(n) ? 'sys_normal_disable' : null,
    sort,
  };
}

/** demo_item -> demoItem / DemoItem / demo-item */
export const camel = (s: string) => s.replace(/[_-]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
export const pascal = (s: string) => {
  const c = camel(s);
  return c.charAt(0).toUpperCase() + c.slice(1);
};
export const kebab = (s: string) => s.replace(/_/g, '-');
