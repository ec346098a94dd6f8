import { randomInt } from 'node:crypto';
import type { BankBranch } from '@jz/contracts/bank';
import {
  JINJIAN_STATUS,
  type JinjianApplication,
  type JinjianGerenBody,
  type JinjianQiyeBody,
  type JinjianState,
  type JinjianStatusValue,
  type JinjianSubmitResult,
  JINJIAN_KIND,
} from '@jz/contracts/jinjian';
import type { DB } from '../../../db/client.ts';
import { business, invalid } from '../../../lib/errors.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { dayjs, TZ } from '../../../lib/time.ts';
import type { App } from '../../types.ts';
import { branchByCode } from '../bank/bank.service.ts';
import { sendMessage } from '../message/message.service.ts';
import { bindSettlementCard } from './card-binding.ts';
import * as repo from './jinjian.repo.ts';
import { maskCardNo, maskIdNo, maskPhone } from './mask.ts';
import { type PaymentProvider, ProviderError, providerFor, type Submission } from './provider/index.ts';

type Detail = { body: JinjianGerenBody | JinjianQiyeBody; branch: BankBranch };

/** Our request number: JJ + Shanghai time to the second + 6 random digits. */
const newApplyNo = () =>
  `JJ${dayjs().tz(TZ).format('YYYYMMDDHHmmss')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

function submissionOf(row: repo.ApplicationRow): Submission {
  const d = JSON.parse(row.detail) as Detail;
  return {
    kind: row.kind as 1 | 2,
    applyNo: row.applyNo,
    merchantId: row.merchantId,
    body: d.body,
    branch: d.branch,
  } as Submission;
}

/** The 联行号 must be one of the branch table; the branch decides the bank's and branch's names. */
async function branchOf(db: DB, code: string): Promise<BankBranch> {
  const branch = await branchByCode(db, code);
  if (!branch) throw invalid(`联行号 ${code} 不存在，请通过开户支行查询选择`);
  return branch;
}

/** jinjianGeren / jinjianQiye: one active application per merchant; a rejected one may be followed by a new one. */
export async function submit(
  app: App,
  t: Tenant,
  kind: 1 | 2,
  body: JinjianGerenBody | JinjianQiyeBody,
  provider: PaymentProvider = providerFor(app),
): Promise<JinjianSubmitResult> {
  const branch = await branchOf(app.db, body.branchCode);
  const clean = { ...body, bankName: branch.bankName };
  const current = await repo.latest(app.db, t.merchantId);
  if (current?.status === JINJIAN_STATUS.PENDING) throw business('进件正在审核中，请等待审核结果');
  if (current?.status === JINJIAN_STATUS.APPROVED) throw business('已开通支付，无需重复进件');

  const applyNo = newApplyNo();
  const subjectName =
    kind === JINJIAN_KIND.INDIVIDUAL ? (clean as JinjianGerenBody).name : (clean as JinjianQiyeBody).companyName;
  const id = await repo.insertPending(app.db, {
    merchantId: t.merchantId,
    kind,
    provider: provider.name,
    applyNo,
    subjectName,
    detail: JSON.stringify({ body: clean, branch } satisfies Detail),
    submittedBy: t.user.id,
  });
  if (!id) throw business('已有进行中的进件申请，请勿重复提交');

  const row = (await repo.byId(app.db, t.merchantId, id))!;
  let answer: Awaited<ReturnType<PaymentProvider['submit']>>;
  try {
    answer = await provider.submit(submissionOf(row));
  } catch (err) {
    // Nothing was decided: the application is withdrawn so the merchant can try again.
    await repo.deleteApplication(app.db, t.merchantId, id);
    if (err instanceof ProviderError) throw business(`支付机构暂时无法受理：${err.message}`);
    throw err;
  }
  await apply(app.db, row, answer);
  const after = (await repo.byId(app.db, t.merchantId, id))!;
  return { id, applyNo, status: after.status as JinjianStatusValue };
}

/** Records what the provider said about a 审核中 application. */
async function apply(db: DB, row: repo.ApplicationRow, answer: Awaited<ReturnType<PaymentProvider['query']>>) {
  if (answer.state === 'approved') await approve(db, row, answer.providerMerchantNo ?? null);
  else if (answer.state === 'rejected') await reject(db, row, answer.reason ?? '审核未通过', answer.providerMerchantNo);
  else if (answer.providerMerchantNo && answer.providerMerchantNo !== row.providerMerchantNo)
    await repo.setProviderMerchantNo(db, row.id, answer.providerMerchantNo);
}

function cardOf(row: repo.ApplicationRow) {
  const { body, branch } = JSON.parse(row.detail) as Detail;
  return {
    merchantId: row.merchantId,
    operatorUserId: row.submittedBy,
    bankName: branch.bankName,
    branchName: branch.branchName,
    branchCode: branch.code,
    cardNo: body.cardNo,
    holderName: body.holderName,
    cardType: row.kind === JINJIAN_KIND.INDIVIDUAL ? (1 as const) : (2 as const),
    mobile:
      row.kind === JINJIAN_KIND.INDIVIDUAL
        ? (body as JinjianGerenBody).cardMobile
        : (body as JinjianQiyeBody).contactMobile,
    source: 'jinjian' as const,
  };
}

/**
 * 审核中 -> 已开通 and the settlement card bound, in one transaction: the conditional update lets exactly one of
 * several concurrent callers through, so the card is bound once and the 进件审核通过 message is sent once.
 */
async function approve(db: DB, row: repo.ApplicationRow, providerMerchantNo: string | null) {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.markApproved(trx, row.id, providerMerchantNo))) return;
    if (await bindSettlementCard(trx, cardOf(row))) await repo.markCardBound(trx, row.id);
    await sendMessage(trx, {
      merchantId: row.merchantId,
      type: 'system',
      title: '进件审核通过',
      content: '您的支付进件已审核通过，已开通收款与提现。',
      refType: 'onboarding',
      refId: row.id,
    });
  });
}

/** 审核中 -> 已驳回 and the 进件审核未通过 message with the reason, once (same conditional update as approve). */
async function reject(db: DB, row: repo.ApplicationRow, reason: string, providerMerchantNo?: string | null) {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.markRejected(trx, row.id, reason, providerMerchantNo))) return;
    await sendMessage(trx, {
      merchantId: row.merchantId,
      type: 'system',
      title: '进件审核未通过',
      content: `您的支付进件未通过审核：${reason.slice(0, 500).replace(/[。.！!]+$/, '')}。请修改后重新提交。`,
      refType: 'onboarding',
      refId: row.id,
    });
  });
}

/** An approved application whose card could not be bound at approval (finance absent then) is bound now, once. */
async function ensureCardBound(db: DB, row: repo.ApplicationRow) {
  if (row.status !== JINJIAN_STATUS.APPROVED || row.cardBound) return;
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await repo.markCardBound(trx, row.id))) return;
      if (!(await bindSettlementCard(trx, cardOf(row)))) throw new Error('bindCard unavailable');
    });
  } catch {
    /* still unbound: tried again at the next query */
  }
}

/** jinjianQuery: asks the provider about a 审核中 application, records the outcome, answers the masked state. */
export async function query(app: App, t: Tenant, provider: PaymentProvider = providerFor(app)): Promise<JinjianState> {
  return stateOfMerchant(app, t.merchantId, provider);
}

/**
 * The merchant's onboarding state, brought up to date with the provider first. Other modules (withdrawals) call this
 * rather than reading the table, so a decision the provider has made is never missed.
 */
export async function stateOfMerchant(
  app: App,
  merchantId: number,
  provider: PaymentProvider = providerFor(app),
): Promise<JinjianState> {
  const t = { merchantId };
  let row = await repo.latest(app.db, t.merchantId);
  if (row?.status === JINJIAN_STATUS.PENDING) {
    try {
      await apply(
        app.db,
        row,
        await provider.query({
          submission: submissionOf(row),
          providerMerchantNo: row.providerMerchantNo,
          submittedAt: row.submittedAt,
        }),
      );
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      app.log.warn({ err: err.message, applyNo: row.applyNo }, 'onboarding status query failed');
    }
  }
  if (row) row = await repo.byId(app.db, t.merchantId, row.id);
  if (row) await ensureCardBound(app.db, row);
  if (row) row = await repo.byId(app.db, t.merchantId, row.id);
  return stateOf(row);
}

const HINTS: Record<number, string | null> = {
  0: '尚未完成支付进件，暂不能提现：请先提交进件资料',
  10: '进件审核中，审核通过后即可提现',
  20: null,
  30: '进件被驳回，请按驳回原因修改资料后重新提交，开通后才能提现',
};

export function stateOf(row: repo.ApplicationRow | undefined): JinjianState {
  const status = (row?.status ?? JINJIAN_STATUS.NONE) as JinjianStatusValue;
  return {
    status,
    application: row ? view(row) : null,
    canSubmit: status === JINJIAN_STATUS.NONE || status === JINJIAN_STATUS.REJECTED,
    withdrawHint: HINTS[status] ?? null,
  };
}

/** The masked view of an application: no whole ID, card or phone number ever leaves. */
export function view(row: repo.ApplicationRow): JinjianApplication {
  const { body, branch } = JSON.parse(row.detail) as Detail;
  const individual = row.kind === JINJIAN_KIND.INDIVIDUAL ? (body as JinjianGerenBody) : null;
  const company = row.kind === JINJIAN_KIND.COMPANY ? (body as JinjianQiyeBody) : null;
  return {
    id: row.id,
    kind: row.kind as 1 | 2,
    status: row.status as JinjianStatusValue,
    provider: row.provider,
    applyNo: row.applyNo,
    providerMerchantNo: row.providerMerchantNo,
    rejectReason: row.rejectReason,
    submittedAt: row.submittedAt,
    approvedAt: row.approvedAt,
    rejectedAt: row.rejectedAt,
    subjectName: row.subjectName,
    idCardNo: maskIdNo(individual?.idCardNo ?? company?.legalIdCardNo),
    mobile: maskPhone(individual?.mobile ?? company?.contactMobile),
    settlement: {
      bankName: branch.bankName,
      branchName: branch.branchName,
      branchCode: branch.code,
      cardNo: maskCardNo(body.cardNo),
      holderName: body.holderName,
      cardType: row.kind === JINJIAN_KIND.INDIVIDUAL ? 1 : 2,
      cardMobile: individual ? maskPhone(individual.cardMobile) : null,
    },
    cardBound: row.cardBound === 1,
  };
}

/** The merchant's latest application as stored (finance reads the approved subject to check a payout card's holder). */
export const latestApplication = (db: DB, merchantId: number) => repo.latest(db, merchantId);
