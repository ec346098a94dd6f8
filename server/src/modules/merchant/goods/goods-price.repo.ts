import type { PriceChangeBody, PriceChangeConfirmBody, PriceChangePreview } from '@jz/contracts/goods';
import { adjustPrice, compactYuan } from '@jz/contracts/goods-pricing';
import type { DB } from '../../../db/client.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { nowIso } from '../../../lib/time.ts';
import { specsOf, summaryColumns, type Trx } from './goods-spec.repo.ts';
import type { ShopScope } from './goods.repo.ts';

/**
 * 批量改价 (docs/goods-specifications.md §6): the preview and the confirmation compute with the same
 * function (`computeChange`, adjustPrice of the contracts), so what the merchant saw is what is written.
 */

export const STALE = '价格已被修改，请重新预览';

/** One written change, for the operation log. */
export interface AppliedChange {
  goodsId: number;
  goodsName: string;
  specId: number;
  specName: string;
  oldPrice: number;
  newPrice: number;
}

/**
 * The preview of a change: the selected goods of the current shop (every id must be the shop's, else 2002), their
 * specifications — all, or the ticked `specIds` (each must be one of the selected goods', else 2002) — old → new, or
 * the refusal in place (≤ 0, above 100 000 元).
 */
async function computeChange(db: DB | Trx, s: ShopScope, body: PriceChangeBody): Promise<PriceChangePreview> {
  const goodsIds = [...new Set(body.goodsIds)];
  const goods = await db
    .selectFrom('goods')
    .select(['id', 'name'])
    .where('id', 'in', goodsIds)
    .where('merchantId', '=', s.merchantId)
    .where('shopId', '=', s.shopId)
    .execute();
  if (goods.length !== goodsIds.length) throw notFound(goodsIds.length > 1 ? '部分商品不存在' : '商品不存在');
  const specs = await specsOf(db, goodsIds);
  const ticked = body.specIds ? new Set(body.specIds) : null;
  if (ticked) {
    const known = new Set([...specs.values()].flat().map((x) => x.id));
    if ([...ticked].some((id) => !known.has(id))) throw notFound('规格不存在');
  }
  const name = new Map(goods.map((g) => [g.id, g.name]));
  let changed = 0;
  let refused = 0;
  const items = goodsIds.map((goodsId) => ({
    goodsId,
    goodsName: name.get(goodsId) ?? '',
    specs: (specs.get(goodsId) ?? [])
      .filter((x) => !ticked || ticked.has(x.id))
      .map((x) => {
        const r = adjustPrice(x.price, body.change);
        if (r.ok) changed++;
        else refused++;
        return {
          specId: x.id,
          name: x.name,
          status: x.status,
          oldPrice: x.price,
          newPrice: r.ok ? r.fen : null,
          refusal: r.ok ? null : r.message,
          updatedAt: x.updatedAt,
        };
      }),
  }));
  return { items, changed, refused };
}

/** The preview (nothing written). */
export function previewPriceChange(db: DB, s: ShopScope, body: PriceChangeBody) {
  return computeChange(db, s, body);
}

/**
 * Applies the change in one transaction, only when every affected specification is exactly as the preview showed it
 * (`seen`: same set, same updatedAt; else 2004 STALE) and none is refused (2004 naming the first). Original prices
 * below the new price are raised to it; each item's summary columns are rewritten. Answers what changed (oplog).
 */
export async function confirmPriceChange(db: DB, s: ShopScope, body: PriceChangeConfirmBody) {
  return db.transaction().execute(async (trx) => {
    const preview = await computeChange(trx, s, body);
    const seen = new Map(body.seen.map((x) => [x.specId, x.updatedAt]));
    const lines = preview.items.flatMap((g) => g.specs.map((line) => ({ ...line, goods: g })));
    if (!lines.length) throw business('所选商品没有可调整的规格');
    if (lines.length !== seen.size || lines.some((l) => seen.get(l.specId) !== l.updatedAt)) throw business(STALE);
    const bad = lines.find((l) => l.refusal !== null);
    if (bad) throw business(`商品「${bad.goods.goodsName}」规格「${bad.name}」${bad.refusal}`);
    const now = nowIso();
    const applied: AppliedChange[] = [];
    for (const l of lines) {
      const newPrice = l.newPrice as number;
      // Conditional on what was read: a concurrent edit between the read and this write is refused, not overwritten.
      const done = await trx
        .updateTable('goodsSpec')
        .set((eb) => ({
          price: newPrice,
          originalPrice: eb
            .case()
            .when('originalPrice', '<', newPrice)
            .then(newPrice)
            .else(eb.ref('originalPrice'))
            .end(),
          updatedAt: now,
        }))
        .where('id', '=', l.specId)
        .where('goodsId', '=', l.goods.goodsId)
        .where('merchantId', '=', s.merchantId)
        .where('updatedAt', '=', l.updatedAt)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw business(STALE);
      applied.push({
        goodsId: l.goods.goodsId,
        goodsName: l.goods.goodsName,
        specId: l.specId,
        specName: l.name,
        oldPrice: l.oldPrice,
        newPrice,
      });
    }
    const touched = [...new Set(applied.map((a) => a.goodsId))];
    const after = await specsOf(trx, touched);
    for (const goodsId of touched)
      await trx
        .updateTable('goods')
        .set({ ...summaryColumns(after.get(goodsId) ?? []), updatedAt: now })
        .where('id', '=', goodsId)
        .where('merchantId', '=', s.merchantId)
        .where('shopId', '=', s.shopId)
        .execute();
    return applied;
  });
}

/** The changes as the operation log keeps them: 商品「日常保洁」规格「2小时」¥120 → ¥132. */
export const describeChanges = (applied: AppliedChange[]) =>
  applied.map(
    (a) => `商品「${a.goodsName}」规格「${a.specName}」${compactYuan(a.oldPrice)} → ${compactYuan(a.newPrice)}`,
  );
