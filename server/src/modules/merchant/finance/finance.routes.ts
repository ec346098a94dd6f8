import { assertAgreementsSigned } from '../agreement/agreement.service.ts';
import {
  bankCardBody,
  bindingQuery,
  cardIdBody,
  frozenQuery,
  LEDGER_KINDS,
  ledgerExportQuery,
  ledgerQuery,
  trendQuery,
  withdrawBody,
  withdrawQuery,
} from '@jz/contracts/finance';
import { ok } from '../../../lib/envelope.ts';
import { type ExportColumn, sendTable } from '../../../lib/export/table-export.ts';
import { business, forbidden, invalid, notFound } from '../../../lib/errors.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { dayjs, TZ } from '../../../lib/time.ts';
import { hasPerm } from '../../../plugins/auth.ts';
import type { App } from '../../types.ts';
import { bindCard, unbindCard } from './bank-card.service.ts';
import * as repo from './finance.repo.ts';
import { assertMayWithdraw, onboardingOf } from './onboarding.ts';
import { requestWithdrawal } from './withdraw.service.ts';

const TITLE = '财务管理';

const LEDGER_COLUMNS: ExportColumn[] = [
  { header: '时间', width: 20 },
  { header: '收支', width: 8 },
  { header: '类型', width: 12 },
  { header: '金额(元)', width: 14, kind: 'money' },
  { header: '余额(元)', width: 14, kind: 'money' },
  { header: '冻结(元)', width: 14, kind: 'money' },
  { header: '关联单号', width: 28 },
  { header: '说明', width: 60 },
];

/** Merchant finance calls under /api/app/jiazheng/caiwu (issue 8). Every query is scoped to the caller's merchant. */
export function financeRoutes(app: App) {
  const base = '/tmpl/api/app/jiazheng/caiwu';

  app.get(`${base}/findZonglan`, { config: { perm: 'merchant:finance:view' } }, async (req) => {
    const t = await tenantOf(app.db, req);
    return ok(
      { ...(await repo.overview(app.db, t.merchantId)), onboarding: await onboardingOf(app, t.merchantId) },
      'ok',
    );
  });

  app.get(
    `${base}/findQushi`,
    { schema: { querystring: trendQuery }, config: { perm: 'merchant:finance:overview' } },
    async (req) => {
      const t = await tenantOf(app.db, req);
      return ok(await repo.trend(app.db, t.merchantId, req.query), 'ok');
    },
  );

  app.get(
    `${base}/shouzhi/findAllByPage`,
    { schema: { querystring: ledgerQuery }, config: { perm: 'merchant:finance:ledger' } },
    async (req) => {
      const t = await tenantOf(app.db, req);
      return ok(await repo.ledgerPage(app.db, t.merchantId, req.query), 'ok');
    },
  );

  // Excel (.xlsx) by default, `format=csv` for CSV with a UTF-8 BOM: both from lib/export (exceljs).
  app.post(
    `${base}/shouzhi/export`,
    {
      schema: { body: ledgerExportQuery },
      config: { perm: 'merchant:finance:export', oplog: { title: TITLE, type: 'export' } },
    },
    async (req, reply) => {
      const t = await tenantOf(app.db, req);
      const { format, ...filters } = req.body;
      const rows = await repo.ledgerAll(app.db, t.merchantId, filters);
      return sendTable(reply, format, {
        fileName: '收支明细',
        asciiName: 'ledger',
        sheets: [
          {
            name: '收支明细',
            columns: LEDGER_COLUMNS,
            rows: rows.map((r) => [
              dayjs(r.createdAt).tz(TZ).format('YYYY-MM-DD HH:mm:ss'),
              r.direction === 1 ? '收入' : '支出',
              LEDGER_KINDS[r.kind] ?? r.kind,
              r.direction === 1 ? r.amount : -r.amount,
              r.balanceAfter,
              r.frozenAfter,
              r.refNo,
              r.remark,
            ]),
          },
        ],
      });
    },
  );

  app.get(
    `${base}/dongjie/findAllByPage`,
    { schema: { querystring: frozenQuery }, config: { perm: 'merchant:finance:frozen' } },
    async (req) => {
      const t = await tenantOf(app.db, req);
      return ok(await repo.frozenPage(app.db, t.merchantId, req.query), 'ok');
    },
  );

  app.post(
    `${base}/tixian/add`,
    {
      schema: { body: withdrawBody },
      config: { perm: 'merchant:finance:withdraw', oplog: { title: TITLE, type: 'add' } },
    },
    async (req) => {
      const t = await tenantOf(app.db, req);
      const raw = req.headers['idempotency-key'];
      const key = Array.isArray(raw) ? raw[0] : raw;
      if (key !== undefined && !/^[\w.:-]{8,100}$/.test(key))
        throw invalid('Idempotency-Key 须为 8-100 位字母、数字或 - _ . :');
      // A merchant that has not signed the current must-sign agreements cannot move money out; nor one the payment
      // provider has not onboarded (its card must be its own first: 2002).
      await assertAgreementsSigned(app.db, t.merchantId, '提现');
      await assertMayWithdraw(app, t.merchantId, req.body.bankCardId);
      const w = await requestWithdrawal(app.db, {
        merchantId: t.merchantId,
        userId: t.user.id,
        amount: req.body.amount,
        bankCardId: req.body.bankCardId,
        idemKey: key,
      });
      return ok(w, '提现申请已提交，等待平台审核');
    },
  );

  app.get(
    `${base}/tixian/findAllByPage`,
    { schema: { querystring: withdrawQuery }, config: { perm: 'merchant:finance:withdrawList' } },
    async (req) => {
      const t = await tenantOf(app.db, req);
      return ok(await repo.withdrawalPage(app.db, t.merchantId, req.query), 'ok');
    },
  );

  // The cards are needed by two pages (提现 and 绑定记录): either permission reads them.
  app.get(`${base}/bangka/findAllByList`, { config: { signedIn: true } }, async (req) => {
    const t = await tenantOf(app.db, req);
    if (!hasPerm(t.user, 'merchant:finance:card') && !hasPerm(t.user, 'merchant:finance:withdrawList'))
      throw forbidden();
    return ok(await repo.boundCards(app.db, t.merchantId), 'ok');
  });

  app.get(
    `${base}/bangka/findJiluByPage`,
    { schema: { querystring: bindingQuery }, config: { perm: 'merchant:finance:card' } },
    async (req) => {
      const t = await tenantOf(app.db, req);
      return ok(await repo.bindingPage(app.db, t.merchantId, req.query), 'ok');
    },
  );

  app.post(
    `${base}/bangka/add`,
    { schema: { body: bankCardBody }, config: { perm: 'merchant:finance:bind', oplog: { title: TITLE, type: 'add' } } },
    async (req) => {
      const t = await tenantOf(app.db, req);
      const b = req.body;
      const { id } = await bindCard(app.db, {
        merchantId: t.merchantId,
        operatorUserId: t.user.id,
        bankName: b.bankName,
        branchName: b.branchName,
        branchCode: b.branchCode,
        cardNo: b.cardNo,
        holderName: b.holderName,
        cardType: b.cardType as 1 | 2,
        mobile: b.mobile,
        source: 'manual',
      });
      return ok({ id });
    },
  );

  app.post(
    `${base}/bangka/jiebang`,
    {
      schema: { body: cardIdBody },
      config: { perm: 'merchant:finance:unbind', oplog: { title: TITLE, type: 'edit' } },
    },
    async (req) => {
      const t = await tenantOf(app.db, req);
      const r = await unbindCard(app.db, { merchantId: t.merchantId, cardId: req.body.id, operatorUserId: t.user.id });
      if (r === 'missing') throw notFound('银行卡不存在或已解绑');
      if (r === 'busy') throw business('该银行卡有审核中或打款中的提现，暂不能解绑');
      return ok(null, '解绑成功');
    },
  );
}
