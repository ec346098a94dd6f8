import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type GenColumn, type GenTableDetail, readTreeOptions } from '@jz/contracts/gen';
import { Eta } from 'eta';
import { business } from '../../../lib/errors.ts';
import { assertGenNames } from './gen.names.ts';
import { checkTreeOptions } from './gen.tree.ts';
import { camel, normaliseType } from './introspect.ts';

const TEMPLATES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'templates');

const AUDIT = new Set(['created_at', 'updated_at']);
const OPS: Record<string, string> = { EQ: '=', NE: '<>', GT: '>', GTE: '>=', LT: '<', LTE: '<=', LIKE: 'like' };

/*
 * The output is code, so nothing is HTML-escaped (autoEscape off): every interpolation goes through one of these
 * helpers, chosen by where it lands, except names, which are validated identifiers (gen.names.ts).
 */

/**
 * A JS/TS literal of any JSON value (strings, the sample object). JSON.stringify escapes quotes, backslashes and
 * control characters; U+2028/U+2029 are escaped too, since TypeScript's scanner ends a string literal at them.
 */
export const js = (v: unknown) =>
  JSON.stringify(v).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);

/**
 * Free text inside a comment (block or line): cannot close it (`*\/` is broken up), cannot start a new line (CR, LF,
 * U+2028, U+2029 and the other line breaks become spaces) and cannot forge a directive (`@ts-ignore`, `@jsx…`).
 */
export const cm = (v: unknown) =>
  String(v)
    .replace(/\r\n|[\r\n\u2028\u2029\u0085\v\f]/g, ' ')
    .replace(/\*\//g, '* /')
    .replace(/@/g, '＠');

/**
 * Text inside a template literal (between its backticks, outside any ${…}): js's escapes, plus every backtick and
 * dollar sign escaped, so the text can neither end the literal nor open a substitution.
 */
export const tpl = (v: string) => js(v).slice(1, -1).replace(/[`$]/g, '\\$&');

/** A JSX attribute value: "text" when it is plain, otherwise {"text"} through js (JSX strings have no escapes). */
export const jsxAttr = (v: string) => (/^[^"'{}<>&\\\r\n\u2028\u2029]*$/.test(v) ? `"${v}"` : `{${js(v)}}`);

/** The templates' eta: js, tpl, cm and jsxAttr are in scope in every template and partial. */
class GenEta extends Eta {
  readonly helpers = { js, tpl, cm, jsxAttr };
}
const eta = new GenEta({
  views: TEMPLATES,
  autoEscape: false,
  autoTrim: false,
  cache: false,
  functionHeader: 'const { js, tpl, cm, jsxAttr } = this.helpers;',
});

function columnOf(c: GenColumn) {
  const ty = normaliseType(c.columnType);
  const prop = camel(c.columnName);
  const label = c.columnComment?.trim() || c.columnName;
  const isAudit = AUDIT.has(c.columnName);
  const isPk = c.isPk === 1;
  const asNumber = c.tsType === 'number' || c.tsType === 'boolean';
  const integer =
    c.tsType === 'boolean' || ty.integer || (asNumber && !/real|double|float|numeric|decimal/i.test(c.columnType));
  const max = ty.length ?? (c.htmlType === 'editor' ? 100000 : c.htmlType === 'textarea' ? 2000 : 500);
  const required = c.isRequired === 1;
  let zod: string;
  if (asNumber) {
    const base = `z.coerce.number({ error: ${js(`请输入${label}`)} })${integer ? `.int(${js(`${label}须为整数`)})` : ''}${
      c.tsType === 'boolean' ? `.min(0).max(1)` : ''
    }`;
    zod = required ? `z.preprocess(blank, ${base})` : `z.preprocess(blank, ${base}.optional())`;
  } else {
    zod = required
      ? `z.string({ error: ${js(`请输入${label}`)} }).trim().min(1, ${js(`请输入${label}`)}).max(${max}, ${js(`${label}最多 ${max} 个字`)})`
      : `z.string().trim().max(${max}, ${js(`${label}最多 ${max} 个字`)}).nullish()`;
  }
  const tsDecl = `${asNumber ? 'number' : 'string'}${isPk ? '' : required || isAudit ? '' : ' | null'}`;
  /** The column in the answer's row schema (contracts/src/<slice>.ts): plain, as the repository returns it. */
  const rowZod = `${asNumber ? `z.number()${integer ? '.int()' : ''}` : 'z.string()'}${isPk || required || isAudit ? '' : '.nullable()'}`;
  let migrationType = 'text';
  if (asNumber)
    migrationType = /^(int8|bigint|bigserial)/i.test(c.columnType)
      ? 'bigint'
      : integer
        ? 'integer'
        : 'double precision';
  const dict = c.dictType && ['select', 'radio', 'checkbox'].includes(c.htmlType) ? c.dictType : null;
  return {
    name: c.columnName,
    prop,
    label,
    asNumber,
    integer,
    isPk,
    isAudit,
    required,
    max,
    insert: c.isInsert === 1 && !isPk && !isAudit,
    edit: c.isEdit === 1 && !isPk && !isAudit,
    list: c.isList === 1,
    query: c.isQuery === 1 && !isPk,
    queryType: c.queryType,
    htmlType: c.htmlType,
    dict,
    /** The list renders it as a StatusSwitch: a 0/1 status (0 = 正常). */
    statusSwitch: prop === 'status' && asNumber,
    zod,
    tsDecl,
    rowZod,
    migrationType,
  };
}
export type Col = ReturnType<typeof columnOf>;

function sampleOf(c: Col, variant = 0): string | number {
  if (c.asNumber) return c.statusSwitch || c.htmlType === 'radio' ? variant : variant + 1;
  if (c.htmlType === 'datetime') return `2026-0${variant + 1}-01T08:00:00.000Z`;
  if (c.htmlType === 'imageUpload' || c.htmlType === 'fileUpload') return `/upload/sys/sample${variant}.png`;
  if (c.htmlType === 'editor') return `<p>示例${variant}</p>`;
  if (c.dict || c.htmlType === 'select' || c.htmlType === 'radio') return String(variant);
  return `${variant ? '改' : '测'}${c.label}`.slice(0, Math.max(1, Math.min(c.max, 20)));
}

/** The next free generated migration number (1201-1299), or the one this table's migration already has. */
function migrationNumber(root: string, table: string) {
  const dir = path.join(root, 'server/src/db/migrations');
  const files = existsSync(dir) ? readdirSync(dir) : [];
  const mine = files.find((f) => f.endsWith(`_gen_${table}.ts`));
  if (mine) return mine.slice(0, 4);
  const used = files.map((f) => Number(f.slice(0, 4))).filter((n) => n >= 1201 && n <= 1299);
  const next = used.length ? Math.max(...used) + 1 : 1201;
  if (next > 1299) throw business('生成迁移编号已用尽（1201-1299）');
  return String(next).padStart(4, '0');
}

/**
 * The tree template's columns (options checked again: the columns may have changed since). The parent column is
 * always in the form (a tree select; 0 = top level, stored as null, or 0 when the column is required) and never a
 * list column or the edited sample; the name column is first in the list (it carries the expand icon).
 */
function treeOf(t: GenTableDetail, cols: Col[], title: string) {
  if (t.tplCategory !== 'tree') return null;
  const o = readTreeOptions(t.options);
  if (!o) throw business('树表模板须先在编辑中选择树编码、树父编码和树名称字段');
  try {
    checkTreeOptions(t.columns, o);
  } catch (e) {
    throw business((e as Error).message);
  }
  const parent = cols.find((c) => c.name === o.treeParentCode) as Col;
  const name = cols.find((c) => c.name === o.treeName) as Col;
  const label = `上级${title}`;
  Object.assign(parent, {
    label,
    insert: true,
    edit: true,
    list: false,
    zod: `z.preprocess(blank, z.coerce.number({ error: ${js(`请选择${label}`)} }).int().min(0, ${js(`请选择${label}`)}))`,
  });
  const sort = cols.find((c) => c.asNumber && ['sort', 'order_num', 'sort_order', 'sort_no'].includes(c.name));
  return {
    parent,
    name,
    sort: sort ?? null,
    root: parent.required ? '0' : 'null',
    /** The name is a LIKE/EQ filter of the tree. */
    nameQuery: name.query && name.queryType !== 'BETWEEN',
  };
}

export function buildContext(t: GenTableDetail, root: string) {
  assertGenNames(t);
  const cols = t.columns.map(columnOf);
  const pk = cols.find((c) => c.isPk);
  if (pk?.name !== 'id' || !pk.asNumber) throw business(`表「${t.tableName}」没有名为 id 的整数主键，无法生成`);
  if (t.tplCategory !== 'crud' && t.tplCategory !== 'tree') throw business('模板类型只能是单表（crud）或树表（tree）');
  const tree = treeOf(t, cols, t.functionName);
  const names = new Set(cols.map((c) => c.name));
  const hasTimes = names.has('created_at') && names.has('updated_at');
  const kebab = t.businessName;
  const camelName = camel(kebab);
  const Pascal = t.className;
  const permBase = `sys:${camelName}`;
  const fields = cols.filter((c) => c.insert || c.edit);
  const queryCols = cols.filter((c) => c.query);
  const between = queryCols.find((c) => c.queryType === 'BETWEEN');
  const queries = queryCols
    .filter((c) => c.queryType !== 'BETWEEN')
    .map((c) => ({
      ...c,
      op: c.queryType === 'LIKE' && !c.asNumber ? 'like' : (OPS[c.queryType] ?? '='),
      schema: c.asNumber
        ? 'z.preprocess(blank, z.coerce.number().optional())'
        : `optionalText(${Math.min(c.max, 200)})`,
    }));
  const required = fields.filter((c) => c.insert && c.required && c !== tree?.parent);
  const sample = Object.fromEntries(
    fields.filter((c) => c.insert).map((c) => [c.prop, c === tree?.parent ? 0 : sampleOf(c)]),
  );
  const editable = fields.filter((c) => c.edit && c !== tree?.parent);
  const editTarget =
    editable.find((c) => !c.asNumber && ['input', 'textarea'].includes(c.htmlType)) ??
    editable.find((c) => c.asNumber) ??
    editable[0];
  const modDir = `server/src/modules/${t.moduleName}/${kebab}`;
  const webDir = `web/src/features/${t.moduleName}/${kebab}`;
  const listCols = cols.filter((c) => c.list);
  // A tree shows its name first: the first column carries the expand icon.
  if (tree?.name.list) listCols.splice(0, listCols.length, tree.name, ...listCols.filter((c) => c !== tree.name));
  return {
    t,
    tree,
    cols,
    fields,
    listCols,
    queries,
    between,
    required,
    sample,
    sampleJson: js(sample),
    editTarget: editTarget ? { prop: editTarget.prop, value: js(sampleOf(editTarget, 1)) } : null,
    hasTimes,
    dbTable: camel(t.tableName),
    kebab,
    camel: camelName,
    Pascal,
    title: t.functionName,
    permBase,
    perm: { list: `${permBase}:list`, add: `${permBase}:add`, edit: `${permBase}:edit`, del: `${permBase}:del` },
    menuKey: `gen.${camelName}`,
    parentMenuKey: t.parentMenuKey,
    routerUrl: `/gen/${kebab}`,
    /** The generated module's own test calls the mounted path; contracts name it without /tmpl. */
    apiBase: `/tmpl/api/app/${camelName}`,
    webBase: `/api/app/${camelName}`,
    migration: `${migrationNumber(root, t.tableName)}_gen_${t.tableName}`,
    uses: {
      editor: fields.some((c) => c.htmlType === 'editor'),
      image: fields.some((c) => c.htmlType === 'imageUpload'),
      file: fields.some((c) => c.htmlType === 'fileUpload'),
      datetime: fields.some((c) => c.htmlType === 'datetime'),
      dictInForm: fields.some((c) => c.dict),
      number: fields.some((c) => c.asNumber && !c.dict),
      textarea: fields.some((c) => c.htmlType === 'textarea'),
      radio: fields.some((c) => c.dict && c.htmlType === 'radio'),
      checkbox: fields.some((c) => c.dict && c.htmlType === 'checkbox'),
      select: fields.some((c) => c.dict && c.htmlType === 'select'),
      listDict: listCols.some((c) => c.dict && !c.statusSwitch),
      listImage: listCols.some((c) => c.htmlType === 'imageUpload'),
      listDate: listCols.some((c) => c.htmlType === 'datetime' || c.isAudit),
      statusSwitch: listCols.some((c) => c.statusSwitch),
      optionalText: queries.some((c) => !c.asNumber),
      blank: fields.some((c) => c.asNumber) || queries.some((c) => c.asNumber),
      sanitize: fields.some((c) => c.htmlType === 'editor'),
    },
    paths: {
      migration: '',
      contracts: `packages/contracts/src/${kebab}.ts`,
      apiContracts: `packages/contracts/src/api/${kebab}.ts`,
      menus: `packages/contracts/src/menus/gen-${kebab}.ts`,
      tables: `${modDir}/${kebab}.tables.ts`,
      repo: `${modDir}/${kebab}.repo.ts`,
      routes: `${modDir}/${kebab}.routes.ts`,
      module: `${modDir}/${kebab}.module.ts`,
      test: `server/test/${kebab}.test.ts`,
      webApi: `${webDir}/api/${kebab}.ts`,
      webPage: `${webDir}/pages/${Pascal}Page.tsx`,
      webForm: `${webDir}/components/${Pascal}Form.tsx`,
      webPages: `${webDir}/pages.ts`,
    },
  };
}
export type GenContext = ReturnType<typeof buildContext>;

/** The tree template replaces these files; the others are shared with crud. */
const TREE_TEMPLATE_OF: Partial<Record<keyof GenContext['paths'], string>> = {
  apiContracts: 'tree-api-contracts',
  repo: 'tree-repo',
  routes: 'tree-routes',
  test: 'tree-test',
  webApi: 'tree-web-api',
  webPage: 'tree-web-page',
};

const TEMPLATE_OF: Record<keyof GenContext['paths'], string> = {
  migration: 'migration',
  contracts: 'contracts',
  apiContracts: 'api-contracts',
  menus: 'menus',
  tables: 'tables',
  repo: 'repo',
  routes: 'routes',
  module: 'module',
  test: 'test',
  webApi: 'web-api',
  webPage: 'web-page',
  webForm: 'web-form',
  webPages: 'web-pages',
};

/** Formats (and applies the safe lint fixes) with the project's Biome; the raw text when Biome is not installed. */
function biomeFormat(root: string, file: string, text: string): Promise<string> {
  const bin = [root, process.cwd()].map((r) => path.join(r, 'node_modules/.bin/biome')).find((p) => existsSync(p));
  if (!bin) return Promise.resolve(text);
  return new Promise((resolve) => {
    const child = execFile(
      bin,
      ['check', '--write', `--stdin-file-path=${file}`],
      { cwd: existsSync(path.join(root, 'biome.json')) ? root : process.cwd(), timeout: 20_000, maxBuffer: 8 << 20 },
      (_err, stdout) => resolve(stdout.trim() ? stdout : text),
    );
    child.stdin?.end(text);
  });
}

/** Every file the generator writes for this table: path relative to the project root -> content. */
export async function renderFiles(t: GenTableDetail, root: string): Promise<Record<string, string>> {
  const it = buildContext(t, root);
  it.paths.migration = `server/src/db/migrations/${it.migration}.ts`;
  const entries = await Promise.all(
    (Object.keys(TEMPLATE_OF) as (keyof typeof TEMPLATE_OF)[]).map(async (k) => {
      const file = it.paths[k];
      const raw = eta.render(`./${(it.tree && TREE_TEMPLATE_OF[k]) || TEMPLATE_OF[k]}`, it);
      return [file, await biomeFormat(root, file, raw)] as const;
    }),
  );
  return Object.fromEntries(entries);
}
