import type { Kysely } from 'kysely';
import { sql } from '../migration-kit.ts';

/**
 * Area bands become half-open (docs/goods-specifications.md §1 "Area bands are half-open"): goods_spec.area_max no longer counts. Until
 * now both bounds counted (whole ㎡), so a stored 61–90 band meant 61 … 90 ㎡; the same areas are [61, 91) now, so the
 * stored upper bound moves up by one. A band whose upper bound was the largest area (10 000 ㎡) had no upper bound in
 * effect: it becomes open-ended (null), as the form writes a last band. Lower bounds keep their meaning unchanged.
 * Orders keep their snapshot (area, name, price) and are not touched.
 */
export async function up(db: Kysely<any>) {
  await sql`update goods_spec set area_max = case when area_max >= 10000 then null else area_max + 1 end
    where mode = 'area_band' and area_max is not null`.execute(db);
}

/** Back to inclusive bounds: [a, b) held the whole ㎡ a … b − 1; an open-ended band stays open. */
export async function down(db: Kysely<any>) {
  await sql`update goods_spec set area_max = area_max - 1
    where mode = 'area_band' and area_max is not null`.execute(db);
}
