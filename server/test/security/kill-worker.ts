/**
 * Child process of kill-mid-write.test.ts: runs the real withdrawal and order-transition code against the database in
 * KILL_DB_URL in a tight loop until it is SIGKILLed. Prints "ready" once connected, then "begin <name>" before each call
 * and "op <name>" (done), "skip <name>" (nothing in the needed state) or "refused <name>" (a business refusal: no
 * balance, state moved) after it, so the parent knows whether its kill landed inside a call.
 */
import { openDb } from '../../src/db/client.ts';
import { AppError } from '../../src/lib/errors.ts';
import { requestWithdrawal, reviewWithdrawal } from '../../src/modules/merchant/finance/withdraw.service.ts';
import { createOrder } from '../../src/modules/merchant/order/order-create.repo.ts';
import { bookingFor, nextAppointment } from '../helpers/appointment.ts';
import { assignEmployee } from '../../src/modules/merchant/order/order-assign.ts';
import {
  type Actor,
  confirmDone,
  markPaid,
  merchantCancel,
  verifyByCode,
} from '../../src/modules/merchant/order/order-transition.service.ts';

const merchantId = Number(process.env.KILL_MERCHANT);
const cardId = Number(process.env.KILL_CARD);
const userId = Number(process.env.KILL_USER);
/** A customer and an on-shelf goods item of the merchant: new paid orders keep the state machine supplied. */
const customerId = Number(process.env.KILL_CUSTOMER);
const goodsId = Number(process.env.KILL_GOODS);
const url = process.env.KILL_DB_URL ?? '';
// The db client alone (not the whole app): the worker starts faster, so more kills fit in the CI budget.
const handle = url.startsWith('sqlite:')
  ? openDb({ kind: 'sqlite', file: url.slice('sqlite:'.length) })
  : openDb({ kind: 'postgres', url, max: 2 });
const db = handle.db;
const actor: Actor = { type: 'merchant', id: userId, name: '断电测试' };
const pick = <T>(a: T[]) => a[Math.floor(Math.random() * a.length)];

async function orderIn(statuses: number[]) {
  const rows = await db
    .selectFrom('serviceOrder')
    .select(['id', 'shopId', 'employeeId', 'verifyCode'])
    .where('merchantId', '=', merchantId)
    .where('status', 'in', statuses)
    .limit(20)
    .execute();
  return rows.length ? pick(rows) : undefined;
}

/**
 * Where and when an order of the goods' shop is bookable: a point in its area, and one of the in-hours starts
 * nextAppointment gives, picked at random (each restarted worker would otherwise book the same few starts).
 */
async function placeOf(goods: number) {
  const g = await db.selectFrom('goods').select('shopId').where('id', '=', goods).executeTakeFirstOrThrow();
  for (let k = Math.floor(Math.random() * 80); k > 0; k--) nextAppointment();
  return bookingFor(db, g.shopId);
}

async function employeeOf(shopId: number, not: number | null) {
  const rows = await db
    .selectFrom('employee')
    .select('id')
    .where('shopId', '=', shopId)
    .where('deletedAt', 'is', null)
    .where('workState', 'in', [1, 2])
    .execute();
  const others = rows.filter((r) => r.id !== not);
  return others.length ? pick(others).id : undefined;
}

/** Each op answers false when there was nothing to do (no order in the state it needs). */
const OPS: [string, number, () => Promise<boolean>][] = [
  [
    'withdraw',
    4,
    async () => {
      const w = await requestWithdrawal(db, {
        merchantId,
        userId,
        amount: 1000 + Math.floor(Math.random() * 500),
        bankCardId: cardId,
      });
      if (Math.random() < 0.8)
        await reviewWithdrawal(db, { id: w.id, pass: Math.random() < 0.5, auditorId: 1, remark: '断电测试' });
      return true;
    },
  ],
  [
    'place',
    2,
    async () => {
      const o = await createOrder(db, customerId, {
        goodsId,
        quantity: 1,
        customerName: '断电测试',
        customerPhone: '13900000000',
        address: '测试路 1 号',
        ...(await placeOf(goodsId)),
      });
      await markPaid(db, customerId, o.id, { type: 'customer', id: customerId, name: '断电测试' });
      return true;
    },
  ],
  [
    'assign',
    3,
    async () => {
      const o = await orderIn([20, 30]);
      const e = o && (await employeeOf(o.shopId, o.employeeId));
      if (!o || !e) return false;
      await assignEmployee(db, merchantId, o.id, e, actor);
      return true;
    },
  ],
  [
    'cancel',
    1,
    async () => {
      const o = await orderIn([20, 30]);
      if (!o) return false;
      await merchantCancel(db, merchantId, o.id, '断电测试取消', actor);
      return true;
    },
  ],
  [
    'verify',
    1,
    async () => {
      const o = await orderIn([30]);
      if (!o?.verifyCode) return false;
      await verifyByCode(db, merchantId, o.verifyCode, actor);
      return true;
    },
  ],
  [
    'done',
    1,
    async () => {
      const o = await orderIn([40]);
      if (!o) return false;
      await confirmDone(db, merchantId, o.id, actor);
      return true;
    },
  ],
];
const weighted = OPS.flatMap((op) => Array.from({ length: op[1] }, () => op));

await db.selectFrom('serviceOrder').select('id').limit(1).execute();
process.stdout.write('ready\n');
for (;;) {
  const [name, , run] = pick(weighted);
  process.stdout.write(`begin ${name}\n`);
  try {
    process.stdout.write((await run()) ? `op ${name}\n` : `skip ${name}\n`);
  } catch (err) {
    if (!(err instanceof AppError)) throw err; // a refusal (2002/2004...) is fine, anything else is a bug
    process.stdout.write(`refused ${name}\n`);
  }
}
