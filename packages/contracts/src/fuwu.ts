import { z } from 'zod';
import { statusFlag } from './common.ts';

/** A service category (服务类目) of the platform tree. status 0 正常 / 1 停用. */
export const fuwuRow = z
  .object({
    id: z.number().int(),
    parentId: z.number().int().nullable(),
    name: z.string(),
    icon: z.string().nullable(),
    sort: z.number().int(),
    status: z.number().int(),
    createdAt: z.string(),
    get children(): z.ZodOptional<z.ZodArray<typeof fuwuRow>> {
      return z.array(fuwuRow).optional();
    },
  })
  .meta({ id: 'FuwuNode' }); // a named schema: the OpenAPI document refers to the recursive tree by this name
export type Fuwu = z.infer<typeof fuwuRow>;

export const fuwuBody = z.object({
  parentId: z.preprocess(
    (v) => (v === '' || v === null || v === '0' || v === 0 ? null : v),
    z.coerce.number().int().positive().nullable().optional(),
  ),
  name: z.string({ error: '请输入类目名称' }).trim().min(1, '请输入类目名称').max(20, '类目名称最多 20 个字'),
  icon: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(100, '图标过长').nullable().optional()),
  sort: z.coerce.number().int().min(0, '排序不能为负').max(9999, '排序最大 9999').optional(),
  status: statusFlag.optional(),
});
export const fuwuEditBody = fuwuBody.partial().extend({ id: z.coerce.number().int().positive() });

/** The platform tree of docs/decisions.md#service-categories, seeded once. */
export const FUWU_SEED: { name: string; icon: string; children?: string[] }[] = [
  { name: '日常保洁', icon: 'ClearOutlined' },
  { name: '深度保洁', icon: 'SkinOutlined' },
  { name: '开荒保洁', icon: 'BuildOutlined' },
  { name: '家电清洗', icon: 'ToolOutlined', children: ['空调清洗', '油烟机清洗', '洗衣机清洗', '冰箱清洗'] },
  { name: '保姆', icon: 'UserOutlined' },
  { name: '月嫂', icon: 'HeartOutlined' },
  { name: '育儿嫂', icon: 'SmileOutlined' },
  { name: '钟点工', icon: 'ClockCircleOutlined' },
  { name: '家庭维修', icon: 'SettingOutlined' },
  { name: '搬家', icon: 'CarOutlined' },
];
