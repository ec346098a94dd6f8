import { z } from 'zod';
import { optionalStatus, optionalText, pageQuery, statusFlag } from './common.ts';

/** A dictionary type as the console lists it. */
export const dictTypeRow = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  status: z.number().int(),
  remark: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DictType = z.infer<typeof dictTypeRow>;

/** A dictionary value as the console lists it. */
export const dictDataRow = z.object({
  id: z.number().int(),
  dictType: z.string(),
  dictLabel: z.string(),
  dictValue: z.string(),
  sort: z.number().int(),
  tagType: z.string().nullable(),
  status: z.number().int(),
  remark: z.string().nullable(),
  createdAt: z.string(),
});
export type DictData = z.infer<typeof dictDataRow>;

/** An enabled value of one dictionary, as every page renders labels and tags (findByType). */
export const dictItem = z.object({
  dictLabel: z.string(),
  dictValue: z.string(),
  type: z.string(),
  tagType: z.string().nullable(),
  sort: z.number().int(),
});

/** A dictionary type named in the path (findByType/{type}). */
export const dictTypeParam = z.object({ type: z.string().trim().min(1).max(100) });

export const TAG_TYPES = ['default', 'success', 'processing', 'error', 'warning', 'blue', 'purple', 'cyan'] as const;

export const dictTypeQuery = pageQuery.extend({
  name: optionalText(50),
  type: optionalText(100),
  status: optionalStatus,
});

const dictTypeFields = {
  name: z.string({ error: '请输入字典名称' }).trim().min(1, '请输入字典名称').max(50, '字典名称最多 50 个字'),
  type: z
    .string({ error: '请输入字典类型' })
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,99}$/, '字典类型以小写字母开头，只含小写字母、数字和下划线'),
  status: statusFlag,
  remark: z.string().trim().max(500, '备注最多 500 个字'),
};
export const dictTypeBody = z.object({
  ...dictTypeFields,
  status: dictTypeFields.status.default(0),
  remark: dictTypeFields.remark.optional().default(''),
});
/** Edits carry only what changes (the status switch sends {id, status}): no defaults here. */
export const dictTypeEdit = z.object(dictTypeFields).partial().extend({ id: z.coerce.number().int().positive() });

export const dictDataQuery = pageQuery.extend({
  dictType: optionalText(100),
  dictLabel: optionalText(100),
  status: optionalStatus,
});

const dictDataFields = {
  dictType: z.string({ error: '请选择字典类型' }).trim().min(1).max(100),
  dictLabel: z.string({ error: '请输入字典标签' }).trim().min(1, '请输入字典标签').max(100, '字典标签最多 100 个字'),
  dictValue: z.string({ error: '请输入字典键值' }).trim().min(1, '请输入字典键值').max(100, '字典键值最多 100 个字'),
  sort: z.coerce.number().int().min(0, '排序为 0-9999 的整数').max(9999, '排序为 0-9999 的整数'),
  tagType: z.enum(TAG_TYPES, { error: '标签样式无效' }),
  status: statusFlag,
  remark: z.string().trim().max(500, '备注最多 500 个字'),
};
export const dictDataBody = z.object({
  ...dictDataFields,
  sort: dictDataFields.sort.default(0),
  tagType: dictDataFields.tagType.optional().default('default'),
  status: dictDataFields.status.default(0),
  remark: dictDataFields.remark.optional().default(''),
});
export const dictDataEdit = z.object(dictDataFields).partial().extend({ id: z.coerce.number().int().positive() });
