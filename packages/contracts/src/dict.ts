import { z } from 'zod';
import { optionalStatus, optionalText, pageQuery, statusFlag } from './common.ts';

export interface DictType {
  id: number;
  name: string;
  type: string;
  status: number;
  remark: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DictData {
  id: number;
  dictType: string;
  dictLabel: string;
  dictValue: string;
  sort: number;
  tagType: string | null;
  status: number;
  remark: string | null;
  createdAt: string;
}

export const TAG_TYPES = ['default', 'success', 'processing', 'error', 'warning', 'blue', 'purple', 'cyan'] as const;

export const dictTypeQuery = pageQuery.extend({
  name: optionalText(50),
  type: optionalText(100),
  status: optionalStatus,
});

export const dictTypeBody = z.object({
  name: z.string({ error: '请输入字典名称' }).trim().min(1, '请输入字典名称').max(50, '字典名称最多 50 个字'),
  type: z
    .string({ error: '请输入字典类型' })
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,99}$/, '字典类型以小写字母开头，只含小写字母、数字和下划线'),
  status: statusFlag.default(0),
  remark: z.string().trim().max(500, '备注最多 500 个字').optional().default(''),
});
export const dictTypeEdit = dictTypeBody.partial().extend({ id: z.coerce.number().int().positive() });

export const dictDataQuery = pageQuery.extend({
  dictType: optionalText(100),
  dictLabel: optionalText(100),
  status: optionalStatus,
});

export const dictDataBody = z.object({
  dictType: z.string({ error: '请选择字典类型' }).trim().min(1).max(100),
  dictLabel: z.string({ error: '请输入字典标签' }).trim().min(1, '请输入字典标签').max(100, '字典标签最多 100 个字'),
  dictValue: z.string({ error: '请输入字典键值' }).trim().min(1, '请输入字典键值').max(100, '字典键值最多 100 个字'),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
  tagType: z.enum(TAG_TYPES, { error: '标签样式无效' }).optional().default('default'),
  status: statusFlag.default(0),
  remark: z.string().trim().max(500).optional().default(''),
});
export const dictDataEdit = dictDataBody.partial().extend({ id: z.coerce.number().int().positive() });
