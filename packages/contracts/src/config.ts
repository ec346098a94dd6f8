import { z } from 'zod';

/**
 * Configuration records (docs/spec-notes.md#records): `type` and `value`, a JSON-encoded string. The rich-text types decode to
 * `{ content }`. Other modules may store further flat settings in the same object (numbers, strings, flags).
 */
export const CONFIG_TYPE = /^[a-z][a-z0-9_]{1,49}$/;

/** The platform texts the 系统配置 screen edits (dictionary sys_config_type). */
export const CONFIG_TEXT_TYPES = [
  { value: 'about_us', label: '关于我们' },
  { value: 'user_agreement', label: '用户协议' },
  { value: 'privacy_policy', label: '隐私政策' },
  { value: 'merchant_settle_notice', label: '商家入驻须知' },
] as const;

export const CONTENT_MAX = 500_000;

export const configTypeParam = z.object({
  type: z.string().trim().regex(CONFIG_TYPE, '配置类型无效'),
});

export interface ConfigValue {
  content?: string;
  [k: string]: string | number | boolean | null | undefined;
}

const primitive = z.union([z.string().max(CONTENT_MAX), z.number(), z.boolean(), z.null()]);

/** The decoded value: a flat JSON object; `content` (if present) is rich text. */
export const configValue = z
  .record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, '配置项名称无效'), primitive)
  .refine((o) => Object.keys(o).length <= 50, '配置项过多')
  .refine((o) => o.content === undefined || typeof o.content === 'string', '配置内容 content 须为文本');

/** `POST /api/app/config/edit`: type and value (a JSON string). A value that is not a JSON object is refused (2001). */
export const configEditBody = z.object({
  type: z.string({ error: '请选择配置类型' }).trim().regex(CONFIG_TYPE, '配置类型无效'),
  value: z
    .string({ error: '配置值不能为空' })
    .max(CONTENT_MAX + 10_000, '配置内容过长')
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: '配置值须为 JSON 格式' });
        return z.NEVER;
      }
    })
    .pipe(configValue),
});

/** A configuration as read and saved; `updatedAt` null: never saved (the value is then `{"content":""}`). */
export const configRecord = z.object({
  type: z.string(),
  /** JSON-encoded string, e.g. {"content":"<p>…</p>"}. */
  value: z.string(),
  updatedAt: z.string().nullable(),
});
export type ConfigRecord = z.infer<typeof configRecord>;
