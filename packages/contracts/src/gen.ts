import { z } from 'zod';
import { jsonField, optionalText, pageQuery } from './common.ts';

export const QUERY_TYPES = ['EQ', 'NE', 'GT', 'GTE', 'LT', 'LTE', 'LIKE', 'BETWEEN'] as const;
export const HTML_TYPES = [
  'input',
  'textarea',
  'select',
  'radio',
  'checkbox',
  'datetime',
  'imageUpload',
  'fileUpload',
  'editor',
] as const;
export const TS_TYPES = ['number', 'string', 'boolean'] as const;
export const TPL_CATEGORIES = ['crud', 'tree'] as const;

export type QueryType = (typeof QUERY_TYPES)[number];
export type HtmlType = (typeof HTML_TYPES)[number];
export type TsType = (typeof TS_TYPES)[number];

/** An imported table: the basic info the generator writes code from (`options`: the tree options as JSON). */
export const genTableRow = z.object({
  id: z.number().int(),
  tableName: z.string(),
  tableComment: z.string(),
  className: z.string(),
  moduleName: z.string(),
  businessName: z.string(),
  functionName: z.string(),
  parentMenuKey: z.string(),
  tplCategory: z.enum(TPL_CATEGORIES),
  options: z.string(),
  remark: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GenTable = z.infer<typeof genTableRow>;

/** One column of an imported table, as the column grid edits it. */
export const genColumnRow = z.object({
  id: z.number().int(),
  tableId: z.number().int(),
  columnName: z.string(),
  columnComment: z.string(),
  columnType: z.string(),
  tsType: z.enum(TS_TYPES),
  isPk: z.number().int(),
  isRequired: z.number().int(),
  isInsert: z.number().int(),
  isEdit: z.number().int(),
  isList: z.number().int(),
  isQuery: z.number().int(),
  queryType: z.enum(QUERY_TYPES),
  htmlType: z.enum(HTML_TYPES),
  dictType: z.string().nullable(),
  sort: z.number().int(),
});
export type GenColumn = z.infer<typeof genColumnRow>;

export const genTableDetail = genTableRow.extend({ columns: z.array(genColumnRow) });
export type GenTableDetail = z.infer<typeof genTableDetail>;

/** A table of the database not imported yet. */
export const dbTableRow = z.object({ tableName: z.string(), tableComment: z.string() });
export type DbTable = z.infer<typeof dbTableRow>;

/** Generated files: path relative to the project root -> file content. */
export const genFiles = z.record(z.string(), z.string());

/** What 生成代码 wrote (paths relative to the project root); `overwritten`: those that existed before. */
export const genWritten = z.object({ written: z.array(z.string()), overwritten: z.array(z.string()) });

/**
 * The names the generator writes into code as identifiers, import paths, keys and file names. They are checked when a
 * table is saved (import, add, edit, sync) and again when code is generated; free text (descriptions, the function
 * name, column descriptions) is never a name: the generator escapes it for the comment or string it lands in.
 */
export const GEN_NAMES = {
  tableName: { re: /^[a-z][a-z0-9_]{0,62}$/, message: '表名只含小写字母、数字和下划线' },
  columnName: { re: /^[a-z][a-z0-9_]{0,62}$/, message: '字段名须以小写字母开头，只含小写字母、数字和下划线' },
  className: { re: /^[A-Z][A-Za-z0-9]{0,59}$/, message: '实体类名称以大写字母开头，只含字母和数字' },
  moduleName: { re: /^[a-z][a-z0-9]{0,29}$/, message: '模块名以小写字母开头，只含小写字母和数字' },
  businessName: {
    re: /^(?=.{1,40}$)[a-z][a-z0-9]*(-[a-z0-9]+)*$/,
    message: '业务名只含小写字母、数字和连字符，如 demo-item',
  },
  parentMenuKey: { re: /^[a-z][A-Za-z0-9_.-]{0,99}$/, message: '上级菜单为菜单的 key，如 sys' },
  dictType: { re: /^[a-z][a-z0-9_]{1,99}$/, message: '字典类型以小写字母开头，只含小写字母、数字和下划线' },
} as const;

export const genTableQuery = pageQuery.extend({
  tableName: optionalText(100),
  tableComment: optionalText(100),
});

export const dbTableQuery = pageQuery.extend({
  tableName: optionalText(100),
  tableComment: optionalText(100),
});

const tableNameRule = z.string({ error: '请选择表' }).trim().regex(GEN_NAMES.tableName.re, GEN_NAMES.tableName.message);

/** Table names as the form sends them: comma-separated, a JSON array, or an array; trimmed, repeats dropped. */
const tableNames = (v: unknown) => {
  let list = v;
  if (typeof v === 'string') {
    const s = v.trim();
    if (s.startsWith('[')) {
      try {
        list = JSON.parse(s);
      } catch {
        list = s;
      }
    } else list = s.split(',');
  }
  if (!Array.isArray(list)) return list;
  return [...new Set(list.map((t) => (typeof t === 'string' ? t.trim() : t)).filter((t) => t !== ''))];
};

export const importTablesBody = z.object({
  tables: z.preprocess(
    tableNames,
    z.array(tableNameRule, { error: '请选择要导入的表' }).min(1, '请选择要导入的表').max(50, '一次最多导入 50 张表'),
  ),
});

const flag = z.coerce.number().int().min(0).max(1);

export const genColumnEdit = z.object({
  id: z.coerce.number().int().positive(),
  columnComment: z.string().trim().max(100, '字段描述最多 100 个字').default(''),
  tsType: z.enum(TS_TYPES, { error: 'TS 类型无效' }),
  isRequired: flag,
  isInsert: flag,
  isEdit: flag,
  isList: flag,
  isQuery: flag,
  queryType: z.enum(QUERY_TYPES, { error: '查询方式无效' }),
  htmlType: z.enum(HTML_TYPES, { error: '显示类型无效' }),
  dictType: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || GEN_NAMES.dictType.re.test(v), GEN_NAMES.dictType.message),
  sort: z.coerce.number().int().min(0).max(9999),
});

export const genTableFields = {
  tableComment: z.string({ error: '请输入表描述' }).trim().min(1, '请输入表描述').max(100, '表描述最多 100 个字'),
  className: z.string({ error: '请输入实体类名称' }).trim().regex(GEN_NAMES.className.re, GEN_NAMES.className.message),
  moduleName: z.string({ error: '请输入模块名' }).trim().regex(GEN_NAMES.moduleName.re, GEN_NAMES.moduleName.message),
  businessName: z
    .string({ error: '请输入业务名' })
    .trim()
    .max(40, '业务名最多 40 个字符')
    .regex(GEN_NAMES.businessName.re, GEN_NAMES.businessName.message),
  functionName: z.string({ error: '请输入功能名' }).trim().min(1, '请输入功能名').max(30, '功能名最多 30 个字'),
  parentMenuKey: z
    .string({ error: '请输入上级菜单' })
    .trim()
    .regex(GEN_NAMES.parentMenuKey.re, GEN_NAMES.parentMenuKey.message),
  tplCategory: z.enum(TPL_CATEGORIES, { error: '模板类型无效' }),
  remark: z.string().trim().max(500, '备注最多 500 个字').nullish(),
};

const columnNameRule = (msg: string) => z.string({ error: msg }).trim().regex(GEN_NAMES.columnName.re, msg);

/**
 * The tree template's options (RuoYi's treeCode / treeParentCode / treeName), kept as JSON in gen_table.options:
 * the id column, the parent column (an integer; 0 or empty = a top-level node) and the name column shown in the tree.
 */
export const genTreeOptions = z.object({
  treeCode: columnNameRule('请选择树编码字段'),
  treeParentCode: columnNameRule('请选择树父编码字段'),
  treeName: columnNameRule('请选择树名称字段'),
});
export type GenTreeOptions = z.infer<typeof genTreeOptions>;

/** The tree options stored in gen_table.options, or null when they are missing or incomplete. */
export function readTreeOptions(options: string | null | undefined): GenTreeOptions | null {
  try {
    const r = genTreeOptions.safeParse(JSON.parse(options || '{}'));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

export const genTableEdit = z.object({
  id: z.coerce.number().int().positive(),
  ...genTableFields,
  /** The column grid, as a JSON string in form bodies. */
  columns: jsonField(z.array(genColumnEdit).max(200)).optional(),
  /** The tree template's options, as a JSON string in form bodies (required when tplCategory is tree). */
  options: jsonField(genTreeOptions).optional(),
});

/** add: a table by name plus its basic info (the columns are read from the live table). */
export const genTableAdd = z.object({
  tableName: tableNameRule,
  ...genTableFields,
  tableComment: genTableFields.tableComment.optional(),
  className: genTableFields.className.optional(),
  moduleName: genTableFields.moduleName.optional(),
  businessName: genTableFields.businessName.optional(),
  functionName: genTableFields.functionName.optional(),
  parentMenuKey: genTableFields.parentMenuKey.optional(),
  tplCategory: genTableFields.tplCategory.optional(),
});

export const genCodeQuery = z.object({
  overwrite: z.preprocess((v) => (v === '' || v === undefined ? 0 : v), flag).default(0),
});
