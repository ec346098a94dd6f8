import { GEN_NAMES, type GenTableDetail, HTML_TYPES, QUERY_TYPES, readTreeOptions, TS_TYPES } from '@jz/contracts/gen';
import { invalid } from '../../../lib/errors.ts';
import { camel } from './introspect.ts';

/** A bad value as it may be shown back in a message: short, on one line. */
const shown = (v: unknown) =>
  String(v)
    .replace(/[\r\n\u2028\u2029]/g, ' ')
    .slice(0, 40);

/** JavaScript's reserved words: a column whose name is one cannot be a binding in the generated tree code. */
const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'yield let static implements interface package private protected public await arguments eval undefined'
  ).split(' '),
);
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * The live table's column names, checked when a table is imported or synced (2001): every one becomes a property, a
 * Kysely column and a form field name in the generated code.
 */
export function assertColumnNames(t: { name: string; columns: { name: string }[] }) {
  for (const { name } of t.columns)
    if (!GEN_NAMES.columnName.re.test(name))
      throw invalid(`表「${shown(t.name)}」的字段「${shown(name)}」无法生成代码：${GEN_NAMES.columnName.message}`);
}

/**
 * Every name the templates write unquoted or into paths, checked again at generate time (defence in depth: a row
 * written before these rules, or past the routes, is refused with 2001, nothing rendered).
 */
export function assertGenNames(t: GenTableDetail) {
  const check = (key: keyof typeof GEN_NAMES, v: unknown, what: string) => {
    if (typeof v !== 'string' || !GEN_NAMES[key].re.test(v))
      throw invalid(`${what}「${shown(v)}」无法生成代码：${GEN_NAMES[key].message}`);
  };
  check('tableName', t.tableName, '表名');
  check('className', t.className, '实体类名称');
  check('moduleName', t.moduleName, '模块名');
  check('businessName', t.businessName, '业务名');
  check('parentMenuKey', t.parentMenuKey, '上级菜单');
  for (const c of t.columns) {
    check('columnName', c.columnName, '字段名');
    const field = `字段「${c.columnName}」的`;
    if (!(TS_TYPES as readonly string[]).includes(c.tsType)) throw invalid(`${field} TS 类型无效`);
    if (!(HTML_TYPES as readonly string[]).includes(c.htmlType)) throw invalid(`${field}显示类型无效`);
    if (!(QUERY_TYPES as readonly string[]).includes(c.queryType)) throw invalid(`${field}查询方式无效`);
    if (c.dictType !== null && c.dictType !== '') check('dictType', c.dictType, `${field}字典类型`);
    if (!IDENTIFIER.test(camel(c.columnName))) throw invalid(`字段名「${shown(c.columnName)}」无法生成代码`);
  }
  if (t.tplCategory === 'tree') {
    // The tree's parent and name columns are parameters and local names in the generated code.
    const o = readTreeOptions(t.options);
    for (const n of [o?.treeParentCode, o?.treeName])
      if (n && RESERVED.has(camel(n))) throw invalid(`字段「${n}」是 JavaScript 保留字，不能用作树表的字段`);
  }
}
