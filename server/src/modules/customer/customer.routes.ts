import { customerApi as c } from '@jz/contracts/api/customer';
import { CUSTOMER_TOKEN_HEADER, customerHeaders } from '@jz/contracts/customer';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../lib/envelope.ts';
import { invalid } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { consumeCode, issueCode } from '../auth/sms-code.service.ts';
import { createOrder, slotsFor } from '../merchant/order/order-create.service.ts';
import { reschedule } from '../merchant/order/order-reschedule.ts';
import { markPaid, markReviewed } from '../merchant/order/order-transition.service.ts';
import { insertReview } from '../merchant/review/review.service.ts';
import type { App } from '../types.ts';
import * as repo from './customer.repo.ts';

const PURPOSE = 'customer-login';

/**
 * A call that needs the customer's token: a missing or malformed header is bad input (2001), checked after the
 * request schemas as fastify's header validation did (contracts carry no header schema).
 */
const tokenRequired = {
  preHandler: async (req: FastifyRequest) => {
    const r = customerHeaders.safeParse(req.headers);
    if (!r.success) throw invalid(r.error.issues[0]?.message ?? '请先登录（用户端）');
  },
};

/**
 * The customer side of the marketplace (the mini-program is not part of this product), registered from its contracts
 * (packages/contracts/src/api/customer.ts): sign in, order, pay through the sandbox provider, read the verification
 * code, review. These routes are `public: true` for the console's auth hook because customers are not console users;
 * each handler authenticates the customer itself from the `X-Customer-Token` header (a random token from
 * `customer/login`, stored hashed, 30 days), so a console token is never accepted here and a customer token is never
 * accepted by console routes.
 */
export function customerRoutes(app: App) {
  const customer = (req: FastifyRequest) => {
    const h = req.headers[CUSTOMER_TOKEN_HEADER];
    return repo.customerByToken(app.db, typeof h === 'string' ? h.trim() : undefined);
  };

  route(app, c.sendCode, async (req) => {
    await issueCode(app, req.body.phone, PURPOSE, req.ip);
    return ok(null, '验证码已发送');
  });
  route(app, c.login, async (req) => {
    await consumeCode(app, req.body.phone, PURPOSE, req.body.code);
    return ok(await repo.openCustomerSession(app.db, req.body.phone, req.body.nickname), '登录成功');
  });

  // Availability is public like the goods list: a customer chooses a time before signing in.
  route(app, c.slots, async (req) => ok(await slotsFor(app.db, req.query), 'ok'));
  route(
    app,
    c.placeOrder,
    async (req) => {
      const cu = await customer(req);
      return ok(await createOrder(app.db, cu.id, req.body), '下单成功，请在 30 分钟内支付');
    },
    tokenRequired,
  );
  route(
    app,
    c.pay,
    async (req) => {
      const cu = await customer(req);
      await markPaid(app.db, cu.id, req.body.id, { type: 'customer', id: cu.id, name: cu.nickname });
      return ok(await repo.customerOrder(app.db, cu.id, req.body.id), '支付成功');
    },
    tokenRequired,
  );
  route(
    app,
    c.orders,
    async (req) => ok(await repo.customerOrders(app.db, (await customer(req)).id, req.query), 'ok'),
    tokenRequired,
  );
  route(
    app,
    c.order,
    async (req) => {
      const cu = await customer(req);
      return ok(await repo.customerOrder(app.db, cu.id, req.params.id), 'ok');
    },
    tokenRequired,
  );
  route(
    app,
    c.reschedule,
    async (req) => {
      const cu = await customer(req);
      const r = await reschedule(app.db, { customerId: cu.id }, req.body.id, req.body.appointmentAt, {
        type: 'customer',
        id: cu.id,
        name: cu.nickname,
      });
      return ok(r, r.message);
    },
    tokenRequired,
  );
  route(
    app,
    c.review,
    async (req) => {
      const cu = await customer(req);
      const v = req.body;
      let reviewId = 0;
      await markReviewed(app.db, cu.id, v.id, { type: 'customer', id: cu.id, name: cu.nickname }, async (trx, o) => {
        reviewId = (
          await insertReview(trx, o, {
            nickname: cu.nickname,
            rating: v.rating,
            content: v.content,
            images: v.images,
            anonymous: v.anonymous,
          })
        ).id;
      });
      return ok({ id: reviewId }, '评价成功');
    },
    tokenRequired,
  );
}
