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

/**
 * Where a region is: its centre, GCJ-02 (docs/shops.md "Location"). `exact` false: no centre of its own is known (a
 * district newer than the data, a development zone), its city's stands in.
 */
export const regionCentre = z.object({
  code: z.string(),
  lat: z.number(),
  lng: z.number(),
  exact: z.boolean(),
});
export type RegionCentre = z.infer<typeof regionCentre>;
