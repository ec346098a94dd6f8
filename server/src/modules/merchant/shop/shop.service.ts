import { SHOP_AUDIT_STATUS, SHOP_OPEN_STATE } from '@jz/contracts/shop';
import type { DB } from '../../../db/client.ts';
import { business, notFound } from '../../../lib/errors.ts';
import { nowIso } from '../../../lib/time.ts';
import { merchantLicences } from '../licence/licence.service.ts';
import { type OutgoingMessage, sendMessage } from '../message/message.service.ts';
import { settingOf, toShopInfos } from './shop.repo.ts';

// What the platform does to shops (shop audit): other modules reach shops here, not through the repository.

/** A reason as typed, without the closing punctuation the message adds itself. */
const reasonOf = (remark: string | null) => (remark ?? '').trim().replace(/[。.！!；;，,\s]+$/u, '');

/**
 * Platform audit, decided once (a concurrent second decision is refused): a pending shop is approved or rejected
 * (closed); an approved shop's name change is applied or dropped, the shop staying approved and open either way.
 * The merchant hears of the decision (a 系统 message about the shop, to the users who may see the shop) in the
 * decision's transaction: an approval with the prompt to open the shop, a rejection with the reason typed.
 */
export async function auditShop(db: DB, id: number, status: number, remark: string | null) {
  await db.transaction().execute(async (trx) => {
    const news = await decide(trx, id, status, remark);
    await sendMessage(trx, { ...news.message, merchantId: news.merchantId, shopId: id });
  });
}

type Decided = { merchantId: number; message: OutgoingMessage };

async function decide(db: DB, id: number, status: number, remark: string | null): Promise<Decided> {
  const r = await db
    .updateTable('shop')
    .set({
      auditStatus: status,
      auditRemark: remark,
      ...(status === SHOP_AUDIT_STATUS.REJECTED ? { yingyeState: SHOP_OPEN_STATE.CLOSED } : {}),
      updatedAt: nowIso(),
    })
    .where('id', '=', id)
    .where('auditStatus', '=', SHOP_AUDIT_STATUS.PENDING)
    .executeTakeFirst();
  const shop = (kind: { title: string; content: string }): OutgoingMessage => ({
    type: 'system',
    refType: 'shop',
    refId: id,
    ...kind,
  });
  if (Number(r.numUpdatedRows) === 1) {
    const s = await db.selectFrom('shop').select(['merchantId', 'name']).where('id', '=', id).executeTakeFirstOrThrow();
    return {
      merchantId: s.merchantId,
      message:
        status === SHOP_AUDIT_STATUS.APPROVED
          ? shop({
              title: '店铺审核通过',
              content: `「${s.name}」已通过平台审核，可以开始营业了：在「店铺管理」或「店铺信息」中点击「立即营业」，顾客即可看到本店上架的商品。`,
            })
          : shop({
              title: '店铺审核未通过',
              content: `「${s.name}」未通过平台审核，原因：${reasonOf(remark)}。请按原因修改店铺信息并保存，保存后将重新提交审核。`,
            }),
    };
  }
  const cur = await db
    .selectFrom('shop')
    .select(['merchantId', 'auditStatus', 'pendingName', 'name'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!cur) throw notFound('店铺不存在');
  const asked = cur.pendingName;
  if (cur.auditStatus === SHOP_AUDIT_STATUS.APPROVED && asked) {
    if (status === SHOP_AUDIT_STATUS.APPROVED) {
      const clash = await db
        .selectFrom('shop')
        .select('id')
        .where('merchantId', '=', cur.merchantId)
        .where('name', '=', asked)
        .where('id', '!=', id)
        .executeTakeFirst();
      if (clash) throw business(`店铺名称「${asked}」已被该商家的其他店铺使用，请驳回`);
    }
    const decided = await db
      .updateTable('shop')
      .set({
        ...(status === SHOP_AUDIT_STATUS.APPROVED
          ? { name: asked, auditRemark: null }
          : { auditRemark: `店铺名称变更为「${asked}」未通过审核：${remark ?? ''}` }),
        pendingName: null,
        updatedAt: nowIso(),
      })
      .where('id', '=', id)
      .where('auditStatus', '=', SHOP_AUDIT_STATUS.APPROVED)
      .where('pendingName', '=', asked)
      .executeTakeFirst();
    if (Number(decided.numUpdatedRows) === 1)
      return {
        merchantId: cur.merchantId,
        message:
          status === SHOP_AUDIT_STATUS.APPROVED
            ? shop({
                title: '店铺名称变更已通过',
                content: `店铺名称已由「${cur.name}」变更为「${asked}」，顾客现在看到的是新名称。`,
              })
            : shop({
                title: '店铺名称变更未通过',
                content: `店铺名称变更为「${asked}」未通过平台审核，原因：${reasonOf(remark)}。顾客看到的仍是「${cur.name}」。`,
              }),
      };
  }
  throw business('该店铺已审核，请刷新后查看');
}

/**
 * Platform view of any shop (shop audit): with its merchant's name, order settings, region names, location issues
 * and the merchant's licences (from the licence module).
 */
export async function anyShopDetail(db: DB, id: number) {
  const row = await db
    .selectFrom('shop')
    .innerJoin('merchant', 'merchant.id', 'shop.merchantId')
    .selectAll('shop')
    .select('merchant.name as merchantName')
    .where('shop.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('店铺不存在');
  const [shop] = await toShopInfos(db, [row]);
  return { ...shop, setting: await settingOf(db, row.id), licences: await merchantLicences(db, row.merchantId) };
}
