import { z } from 'zod';

/** Region tree node (docs/spec-notes.md#records): six-digit code, name, children (province > city > district). */
export const regionNode = z
  .object({
    code: z.string(),
    name: z.string(),
    get children(): z.ZodOptional<z.ZodArray<typeof regionNode>> {
      return z.array(regionNode).optional();
    },
  })
  .meta({ id: 'RegionNode' }); // a named schema: the OpenAPI document refers to the recursive tree by this name
export type RegionNode = z.infer<typeof regionNode>;

export const regionCode = /^\d{6}$/;
