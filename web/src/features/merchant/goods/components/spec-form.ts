import { yuanToFen } from '@jz/contracts/constants/goods';
import {
  areaBandsOverlap,
  type GoodsSpec,
  goodsSpecInput,
  overlapMessage,
  specListProblems,
} from '@jz/contracts/goods-pricing';
import { MAX_SPEC_NAME, priceRange, SPEC_STATUS, type SpecMode } from '@jz/contracts/constants/goods-pricing';

/** One row of the goods form's 规格 table: money in yuan as typed (the API takes fen), empty cells undefined/null. */
export interface SpecRow {
  /** An existing specification keeps its id on edit. */
  id?: number;
  name?: string;
  mode: SpecMode;
  unit?: string;
  priceYuan?: number | null;
  originalPriceYuan?: number | null;
  minQuantity?: number | null;
  maxQuantity?: number | null;
  minChargeYuan?: number | null;
  areaMin?: number | null;
  areaMax?: number | null;
  durationMinutes?: number | null;
  stock?: number | null;
  dailyCapacity?: number | null;
  status: number;
}

/** A new row: a package of one hour (the old form's defaults), on sale. */
export const emptySpec = (): SpecRow => ({
  mode: 'fixed',
  unit: '次',
  minQuantity: 1,
  durationMinutes: 60,
  status: SPEC_STATUS.ON,
});

const yuanOf = (fen: number | null) => (fen === null ? null : fen / 100);
const fenOf = (yuan: number | null | undefined) => (yuan === null || yuan === undefined ? null : yuanToFen(yuan));

/** A stored specification as a form row (fen → yuan). */
export const specRowOf = (s: Omit<GoodsSpec, 'goodsId' | 'sort' | 'id'> & { id?: number }): SpecRow => ({
  id: s.id,
  name: s.name,
  mode: s.mode,
  unit: s.unit,
  priceYuan: yuanOf(s.price),
  originalPriceYuan: yuanOf(s.originalPrice),
  minQuantity: s.minQuantity,
  maxQuantity: s.maxQuantity,
  minChargeYuan: yuanOf(s.minCharge),
  areaMin: s.areaMin,
  areaMax: s.areaMax,
  durationMinutes: s.durationMinutes,
  stock: s.stock,
  dailyCapacity: s.dailyCapacity,
  status: s.status,
});

/** A form row as the API's goodsSpecInput takes it (yuan → fen); the schema clears what the mode does not use. */
export const specInputOf = (r: SpecRow) => ({
  id: r.id,
  name: (r.name ?? '').trim(),
  mode: r.mode,
  unit: r.unit,
  price: fenOf(r.priceYuan) ?? undefined,
  originalPrice: fenOf(r.originalPriceYuan),
  minQuantity: r.minQuantity ?? null,
  maxQuantity: r.maxQuantity ?? null,
  minCharge: fenOf(r.minChargeYuan),
  areaMin: r.areaMin ?? null,
  areaMax: r.areaMax ?? null,
  durationMinutes: r.durationMinutes ?? undefined,
  stock: r.stock ?? null,
  dailyCapacity: r.dailyCapacity ?? null,
  status: r.status,
});

/** The form field a schema issue belongs to (money fields are typed in yuan). */
const FIELD_OF: Record<string, keyof SpecRow> = {
  price: 'priceYuan',
  originalPrice: 'originalPriceYuan',
  minCharge: 'minChargeYuan',
};

/** Stand-ins for fields the schema refused, so that its cross-field rules (which zod runs on a valid shape) speak too. */
const NEUTRAL: Record<string, unknown> = {
  name: '规格',
  mode: 'fixed',
  unit: undefined,
  price: 1,
  originalPrice: null,
  minQuantity: 1,
  maxQuantity: null,
  minCharge: null,
  areaMin: null,
  areaMax: null,
  durationMinutes: undefined,
  stock: null,
  dailyCapacity: null,
  status: SPEC_STATUS.ON,
};

const issuesOf = (input: ReturnType<typeof specInputOf>) => {
  const parsed = goodsSpecInput.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => ({ key: String(i.path[0] ?? ''), message: i.message }));
};

/** The contract's message for each field of a row (the first per field), validated as the server will. */
export function rowProblems(r: SpecRow | undefined): Partial<Record<keyof SpecRow, string>> {
  if (!r) return {};
  const input = specInputOf(r);
  const first = issuesOf(input);
  const refused = new Set(first.map((i) => i.key));
  const patched = { ...input, ...Object.fromEntries([...refused].map((k) => [k, NEUTRAL[k]])) };
  const out: Partial<Record<keyof SpecRow, string>> = {};
  for (const { key, message } of [...first, ...(refused.size ? issuesOf(patched) : [])]) {
    const field = FIELD_OF[key] ?? (key as keyof SpecRow);
    out[field] ??= message;
  }
  return out;
}

/**
 * specListProblems of the rows as typed. An unnamed row (its own cell says so, or it takes the goods' name) is called
 * 第 N 个规格 here, so that it is never a duplicate of another unnamed row and an overlap message can still name it.
 */
export const listProblems = (rows: readonly (SpecRow | undefined)[]) =>
  specListProblems(
    rows
      .filter((r): r is SpecRow => !!r)
      .map((r, i) => {
        const input = specInputOf(r);
        return input.name ? input : { ...input, name: `第 ${i + 1} 个规格` };
      }),
  );

/** What a row is called in messages: its name, or 第 N 个规格 while it has none (as listProblems names it). */
const calledOf = (r: SpecRow, i: number) => r.name?.trim() || `第 ${i + 1} 个规格`;
const onSaleBand = (r: SpecRow | undefined): r is SpecRow => r?.mode === 'area_band' && r.status === SPEC_STATUS.ON;
const boundsOf = (r: SpecRow) => ({ areaMin: r.areaMin ?? null, areaMax: r.areaMax ?? null });

/**
 * What the later band's 面积段 cell says of an overlap: short, so the row keeps its height (the column is 128 px); the
 * whole message (overlapOf, the server's) stays above the table and in the save's message.
 */
export const OVERLAP_CELL = '与上方面积段重叠';

/**
 * The overlap of row `index` with the first earlier on-sale band, as the list's message says it, or null: the form
 * marks it (OVERLAP_CELL) on the later band's 面积段 cell, so saving scrolls to a cell the merchant can fix.
 */
export function overlapOf(rows: readonly (SpecRow | undefined)[], index: number): string | null {
  const me = rows[index];
  if (!onSaleBand(me)) return null;
  for (let j = 0; j < index; j++) {
    const other = rows[j];
    if (onSaleBand(other) && areaBandsOverlap(boundsOf(other), boundsOf(me)))
      return overlapMessage(
        { ...boundsOf(other), name: calledOf(other, j) },
        { ...boundsOf(me), name: calledOf(me, index) },
      );
  }
  return null;
}

/**
 * A failed save's fields with an overlap cell's short message spelled out (overlapOf), for the message that says what
 * to fix (lib/form-errors.ts focusFirstError); the cell itself keeps OVERLAP_CELL.
 */
export function wholeMessages<F extends { name: (string | number)[]; errors: string[] }>(
  fields: F[],
  rows: readonly (SpecRow | undefined)[],
): F[] {
  return fields.map((f) => {
    const [list, index, field] = f.name;
    if (list !== 'specs' || field !== 'areaMin' || f.errors[0] !== OVERLAP_CELL) return f;
    return { ...f, errors: [overlapOf(rows, Number(index)) ?? OVERLAP_CELL, ...f.errors.slice(1)] };
  });
}

/**
 * The cell a server refusal is about, or null when it names none: an overlap names two bands (the later one's 面积段,
 * which says OVERLAP_CELL),
 * another message may quote a specification by name (「3小时」) or repeat what one cell's rule says.
 */
export function refusalCell(
  message: string,
  rows: readonly (SpecRow | undefined)[],
): (string | number)[] | { name: (string | number)[]; error: string } | null {
  const quoted = [...message.matchAll(/「([^」]+)」/g)].map((m) => m[1]);
  const rowOf = (name: string) => rows.findIndex((r, i) => !!r && calledOf(r, i) === name);
  if (/重叠/.test(message) && quoted.length >= 2) {
    const i = rowOf(quoted[1]);
    if (i >= 0) return { name: ['specs', i, 'areaMin'], error: OVERLAP_CELL };
  }
  for (const name of quoted) {
    const i = rowOf(name);
    if (i >= 0) return ['specs', i, 'name'];
  }
  for (const [i, r] of rows.entries()) {
    const field = Object.entries(rowProblems(r)).find(([, m]) => m === message)?.[0];
    if (field) return ['specs', i, field];
  }
  return null;
}

/** The price range customers will see (priceRange over the rows with a valid price), or null. */
export function rangeLabel(rows: readonly (SpecRow | undefined)[]) {
  const priced = rows
    .filter((r): r is SpecRow => !!r && typeof r.priceYuan === 'number' && r.priceYuan > 0)
    .map((r) => ({ mode: r.mode, unit: r.unit ?? '次', price: yuanToFen(r.priceYuan as number), status: r.status }));
  return priceRange(priced)?.label ?? null;
}

/**
 * A single-price item need not name its one specification: left empty, it is named after the goods item, as the
 * migration names a package (legacySpecOf). With several rows every one needs its own name.
 */
export const nameOptional = (rows: readonly unknown[]) => rows.length === 1;

/** The rows as the add/edit body's `specs` (after the form validated them). */
export const specsBody = (rows: readonly SpecRow[], goodsName: string) =>
  rows.map((r) =>
    goodsSpecInput.parse(
      specInputOf(nameOptional(rows) && !r.name?.trim() ? { ...r, name: goodsName.trim().slice(0, MAX_SPEC_NAME) } : r),
    ),
  );
