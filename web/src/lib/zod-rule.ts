import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/** An antd Form rule from the same zod schema the server validates with, so both sides say the same thing. */
export function zodRule(schema: z.ZodType): Rule {
  return {
    validator: async (_rule, value) => {
      const r = schema.safeParse(value === undefined ? undefined : value);
      if (!r.success) throw new Error(r.error.issues[0]?.message ?? '输入无效');
    },
  };
}
