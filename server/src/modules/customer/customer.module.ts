import { pageQuery } from '@jz/contracts/common';
import {
  CUSTOMER_TOKEN_HEADER,
  customerHeaders,
  customerLoginBody,
  customerOrderIdBody,
  customerSendCodeBody,
  placeOrderBody,
  reviewBody,
} from '@jz/contracts/customer';
import { idParam } from '@jz/contracts/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../lib/envelope.ts';
import { consumeCode, issueCode } from '../auth/sms-code.service.ts';
import { createOrder } from '../merchant/order/order-create.repo.ts';
import { markPaid, markReviewed } from '../merchant/order/transition.repo.ts';
import { insertReview } from '../merchant/review/review.service.ts';
import { defineModule } from '../types.ts';
import * as repo from './customer.repo.ts';

const base = '/tmpl/api/app/jiazheng/customer';
const PURPOSE = 'customer-login';

/**
 * The customer side of the marketplace (the mini-program is not part of this product): sign in, order, pay through
 * the sandbox provider, read the verification code, review. These routes are `public: true` for the console's auth
 * hook because customers are not console users; each handler authenticates the customer itself from the
 * `X-Customer-Token` header (a random token from `customer/login`, stored hashed, 30 days), so a console token is
 * never accepted here and a customer token is never accepted by console routes.
 */
export default defineModule({
  name: 'customer',
  order: 87,
  routes(app) {
    const customer = (req: FastifyRequest) => {
      const h = req.headers[CUSTOMER_TOKEN_HEADER];
      return repo.customerByToken(app.db, typeof h === 'string' ? h.trim() : undefined);
    };

    app.post(
      `${base}/login/sendCode`,
      { schema: { body: customerSendCodeBody }, config: { public: true } },
      async (req) => {
        await issueCode(app, req.body.phone, PURPOSE, req.ip);
        return ok(null, '验证码已发送');
      },
    );
    app.post(
      `${base}/login`,
      { schema: { body: customerLoginBody }, config: { public: true, oplog: { title: '客户登录', type: 'login' } } },
      async (req) => {
        await consumeCode(app, req.body.phone, PURPOSE, req.body.code);
        return ok(await repo.openCustomerSession(app.db, req.body.phone, req.body.nickname), '登录成功');
      },
    );

    app.post(
      `${base}/order/add`,
      {
        schema: { body: placeOrderBody, headers: customerHeaders },
        config: { public: true, oplog: { title: '客户下单', type: 'add' } },
      },
      async (req) => {
        const c = await customer(req);
        return ok(await createOrder(app.db, c.id, req.body), '下单成功，请在 30 分钟内支付');
      },
    );
    app.post(
      `${base}/order/pay`,
      {
        schema: { body: customerOrderIdBody, headers: customerHeaders },
        config: { public: true, oplog: { title: '客户支付', type: 'edit' } },
      },
      async (req) => {
        const c = await customer(req);
        await markPaid(app.db, c.id, req.body.id, { type: 'customer', id: c.id, name: c.nickname });
        return ok(await repo.customerOrder(app.db, c.id, req.body.id), '支付成功');
      },
    );
    app.get(
      `${base}/order/findAllByPage`,
      {
        schema: {
          querystring: pageQuery.extend({ status: z.coerce.number().int().optional() }),
          headers: customerHeaders,
        },
        config: { public: true },
      },
      async (req) => ok(await repo.customerOrders(app.db, (await customer(req)).id, req.query), 'ok'),
    );
    app.get(
      `${base}/order/findById/:id`,
      { schema: { params: idParam, headers: customerHeaders }, config: { public: true } },
      async (req) => {
        const c = await customer(req);
        return ok(await repo.customerOrder(app.db, c.id, req.params.id), 'ok');
      },
    );
    app.post(
      `${base}/order/pingjia`,
      {
        schema: { body: reviewBody, headers: customerHeaders },
        config: { public: true, oplog: { title: '客户评价', type: 'add' } },
      },
      async (req) => {
        const c = await customer(req);
        const v = req.body;
        let reviewId = 0;
        await markReviewed(app.db, c.id, v.id, { type: 'customer', id: c.id, name: c.nickname }, async (trx, o) => {
          reviewId = (
            await insertReview(trx, o, {
              nickname: c.nickname,
              rating: v.rating,
              content: v.content,
              images: v.images,
              anonymous: v.anonymous,
            })
          ).id;
        });
        return ok({ id: reviewId }, '评价成功');
      },
    );
  },
});
