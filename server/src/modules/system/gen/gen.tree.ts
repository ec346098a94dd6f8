import type { GenColumn, GenTreeOptions } from '@jz/contracts/gen';
import { invalid } from '../../../lib/errors.ts';

type Col = Pick<GenColumn, 'columnName' | 'isPk' | 'tsType'>;

/**
 * The tree template's options checked against the table's columns (2001 otherwise): the tree code is the integer
 * primary key `id`, the parent code another integer column, the name a text column.
 */
export function checkTreeOptions(columns: Col[], o: GenTreeOptions): GenTreeOptions {
  const by = new Map(columns.map((c) => [c.columnName, c]));
  const code = by.get(o.treeCode);
  if (code?.isPk !== 1 || o.treeCode !== 'id') throw invalid('树编码字段须为主键 id');
  const parent = by.get(o.treeParentCode);
  if (!parent) throw invalid(`树父编码字段「${o.treeParentCode}」不是本表的字段`);
  if (parent.isPk === 1 || parent.tsType !== 'number') throw invalid('树父编码字段须为主键以外的整数字段');
  const name = by.get(o.treeName);
  if (!name) throw invalid(`树名称字段「${o.treeName}」不是本表的字段`);
  if (name.isPk === 1 || name.tsType !== 'string' || o.treeName === o.treeParentCode)
    throw invalid('树名称字段须为文本字段');
  return o;
}
