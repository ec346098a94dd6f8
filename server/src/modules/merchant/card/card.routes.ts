import { cardCustomerApi as cc, cardProductApi as cp, cardSaleApi as cs } from '@jz/contracts/api/card';
import { CARD_KINDS, CARD_STATUS_NAME, type CardRow } from '@jz/contracts/card';
import { CUSTOMER_TOKEN_HEADER, customerHeaders } from '@jz/contracts/customer';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../../plugins/auth.ts';
import { ok } from '../../../lib/envelope.ts';
import { business, invalid } from '../../../lib/errors.ts';
import { type ExportColumn, sendTable } from '../../../lib/export/table-export.ts';
import { route } from '../../../lib/route.ts';
import { shopsFilter, tenantOf } from '../../../lib/tenant.ts';
import { dayjs, TZ } from '../../../lib/time.ts';
import { customerByToken, customerOrder } from '../../customer/customer.service.ts';
import type { App } from '../../types.ts';
import type { Author } from './card-money.ts';
import { cardFlows } from './card-flows.service.ts';
import * as products from './card-product.repo.ts';
import * as repo from './card.repo.ts';
import { buyOnline, payOrderWithCard, refundCard, sellOffline } from './card.service.ts';

const authorOf = (req: FastifyRequest): Author => {
  const u = currentUser(req);
  return { type: 'merchant', id: u.id, name: u.nickName || u.loginName };
};

const time = (iso: string | null) => (iso ? dayjs(iso).tz(TZ).format('YYYY-MM-DD HH:mm') : '');
const EXPORT_COLUMNS: ExportColumn[] = [
  { header: '卡号', width: 24 },
  { header: '客户', width: 12 },
  { header: '门店', width: 16 },
  { header: '卡类型', width: 8 },
  { header: '卡项', width: 18 },
  { header: '售价(元)', kind: 'money' },
  { header: '赠送(元)', kind: 'money' },
  { header: '剩余次数', kind: 'integer' },
  { header: '预收余额(元)', kind: 'money' },
  { header: '赠送余额(元)', kind: 'money' },
  { header: '状态', width: 8 },
  { header: '收款方式', width: 10 },
  { header: '收款人', width: 10 },
  { header: '售卡时间', width: 18 },
  { header: '有效期至', width: 18 },
  { header: '退款(元)', kind: 'money' },
  { header: '手续费(元)', kind: 'money' },
];
const exportRow = (r: CardRow) => [
  r.cardNo,
  r.clientName,
  r.shopName,
  CARD_KINDS[r.kind],
  r.name,
  r.pricePaid,
  r.bonusTotal,
  r.kind === 'times' ? r.remainingVisits : null,
  r.cashBalance,
  r.bonusBalance,
  CARD_STATUS_NAME[r.status] ?? String(r.status),
  r.payChannel,
  r.soldByName,
  time(r.soldAt),
  time(r.expiresAt),
  r.refundAmount,
  r.refundFee,
];

/** Card products, sold cards and the customer's card calls (packages/contracts/src/api/card.ts). */
export function cardRoutes(app: App) {
  const tenant = (req: FastifyRequest) => tenantOf(app.db, req);

  route(app, cp.page, async (req) => ok(await products.pageProducts(app.db, await tenant(req), req.query), 'ok'));
  route(app, cp.add, async (req) => ok(await products.addProduct(app.db, await tenant(req), req.body), '卡项已新增'));
  route(app, cp.edit, async (req) => {
    const { id, ...v } = req.body;
    await products.editProduct(app.db, await tenant(req), id, v);
    return ok(null, '卡项已保存');
  });
  route(app, cp.setOnSale, async (req) => {
    await products.setOnSale(app.db, await tenant(req), req.params.id, req.body.onSale);
    return ok(null, req.body.onSale === 1 ? '卡项已上架' : '卡项已下架');
  });
  route(app, cp.remove, async (req) => {
    const r = await products.deleteProducts(app.db, await tenant(req), req.params.ids);
    return ok(r, `已删除 ${r.deleted} 个卡项`);
  });

  route(app, cs.sell, async (req) => {
    const t = await tenant(req);
    const p = await products.sellableProduct(app.db, t, req.body.productId);
    const client = await repo.clientOf(app.db, t, req.body.clientId);
    const card = await sellOffline(
      app.db,
      p,
      client,
      { channel: req.body.payChannel, remark: req.body.remark },
      authorOf(req),
    );
    return ok({ id: card.id }, `售卡成功，卡号 ${card.cardNo}`);
  });
  route(app, cs.page, async (req) => ok(await repo.pageCards(app.db, await tenant(req), req.query), 'ok'));
  route(app, cs.detail, async (req) => ok(await repo.cardDetail(app.db, await tenant(req), req.params.id), 'ok'));
  route(app, cs.summary, async (req) => ok(await repo.cardSummary(app.db, await tenant(req)), 'ok'));
  route(app, cs.flows, async (req) => {
    const t = await tenant(req);
    return ok(await cardFlows(app.db, t.merchantId, shopsFilter(t), req.query), 'ok');
  });
  route(app, cs.refund, async (req) => {
    const t = await tenant(req);
    const r = await refundCard(app.db, t, req.body.id, req.body.reason, req.body.expectedAmount, authorOf(req));
    return ok(r, `已退卡，退还 ${(r.refundAmount / 100).toFixed(2)} 元`);
  });
  route(app, cs.export, async (req, reply) => {
    const { format, ...filters } = req.query;
    const rows = await repo.allCards(app.db, await tenant(req), filters);
    return sendTable(reply, format ?? 'xlsx', {
      fileName: '售卡记录',
      asciiName: 'cards',
      sheets: [{ name: '售卡记录', columns: EXPORT_COLUMNS, rows: rows.map(exportRow) }],
    });
  });

  // Customer side: public for the console's hook; the handler authenticates the customer by X-Customer-Token.
  const tokenRequired = {
    preHandler: async (req: FastifyRequest) => {
      const r = customerHeaders.safeParse(req.headers);
      if (!r.success) throw invalid(r.error.issues[0]?.message ?? '请先登录（用户端）');
    },
  };
  const customer = (req: FastifyRequest) => {
    const h = req.headers[CUSTOMER_TOKEN_HEADER];
    return customerByToken(app.db, typeof h === 'string' ? h.trim() : undefined);
  };
  route(app, cc.products, async (req) => ok(await products.productsOnSale(app.db, req.query.shopId), 'ok'));
  route(
    app,
    cc.mine,
    async (req) => ok(await repo.customerCards(app.db, (await customer(req)).id, req.query.merchantId), 'ok'),
    tokenRequired,
  );
  route(
    app,
    cc.buy,
    async (req) => {
      const cu = await customer(req);
      const p = await products.productForSale(app.db, req.body.productId);
      const client = await repo.clientOfCustomer(app.db, p.merchantId, cu.id);
      if (!client) throw business('请先在该商家下单或请商家为您建立客户档案后再购卡');
      const card = await buyOnline(app.db, p, client, cu);
      return ok(await repo.customerCard(app.db, cu.id, card.id), '购卡成功');
    },
    tokenRequired,
  );
  route(
    app,
    cc.payOrder,
    async (req) => {
      const cu = await customer(req);
      await payOrderWithCard(app.db, { customerId: cu.id }, req.body.id, req.body.cardId, {
        type: 'customer',
        id: cu.id,
        name: cu.nickname,
      });
      return ok(await customerOrder(app.db, cu.id, req.body.id), '支付成功');
    },
    tokenRequired,
  );
}
