import { EXPIRING_DAYS, LICENCE_KINDS, LICENCE_AUDIT_STATUS } from '@jz/contracts/licence';
import type { DB } from '../../../db/client.ts';
import { dayjs, TZ } from '../../../lib/time.ts';
import { sendMessage } from '../message/message.service.ts';
import './licence.tables.ts';

/** How often each instance looks for licences to remind about (the job is idempotent and multi-instance safe). */
export const EXPIRY_NOTICE_INTERVAL_MS = 15 * 60_000;

const kindLabel = (kind: string) => LICENCE_KINDS.find((k) => k.value === kind)?.label ?? '证照';
const title = (r: { kind: string; name: string | null }) => `${kindLabel(r.kind)}${r.name ? `（${r.name}）` : ''}`;

/**
 * The licence expiry reminder: each licence of a merchant that expires within 30 days, or has expired, sends one
 * system message to every active user of its merchant per stage (`expiring`, then `expired`) and validity date.
 * Per licence, one transaction: the conditional UPDATE of `expiryNotice` claims the stage (a second instance or a
 * second run updates nothing and sends nothing), then the message is written. Answers how many licences it reminded of.
 */
export async function notifyLicenceExpiry(db: DB, today = dayjs().tz(TZ).format('YYYY-MM-DD')): Promise<number> {
  const horizon = dayjs.tz(today, TZ).add(EXPIRING_DAYS, 'day').format('YYYY-MM-DD');
  const due = await db
    .selectFrom('licence')
    .select(['id', 'merchantId', 'kind', 'name', 'number', 'validTo', 'expiryNotice'])
    .where('validTo', 'is not', null)
    .where('validTo', '<=', horizon)
    // Not reminded yet, or reminded as expiring and expired since (an edit of the date clears the reminder).
    .where((w) =>
      w.or([w('expiryNotice', 'is', null), w.and([w('expiryNotice', 'like', 'expiring:%'), w('validTo', '<', today)])]),
    )
    .orderBy('validTo')
    .limit(1000)
    .execute();
  let sent = 0;
  for (const r of due) {
    const validTo = r.validTo as string;
    const expired = validTo < today;
    const key = `${expired ? 'expired' : 'expiring'}:${validTo}`;
    if (r.expiryNotice === key) continue;
    const done = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('licence')
        .set({ expiryNotice: key })
        .where('id', '=', r.id)
        .where('validTo', '=', validTo)
        .where((w) => w.or([w('expiryNotice', 'is', null), w('expiryNotice', '!=', key)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) return false;
      const days = dayjs.tz(validTo, TZ).diff(dayjs.tz(today, TZ), 'day');
      await sendMessage(trx, {
        merchantId: r.merchantId,
        type: 'system',
        title: expired ? '证照已过期' : '证照即将到期',
        content: expired
          ? `您的${title(r)}（证号 ${r.number}）已于 ${validTo} 过期，请尽快更新证照。`
          : `您的${title(r)}（证号 ${r.number}）将于 ${validTo} 到期（还剩 ${days} 天），请及时办理续期并更新证照。`,
        refType: 'licence',
        refId: r.id,
      });
      return true;
    });
    if (done) sent++;
  }
  return sent;
}

/** Tells the merchant's users the platform's decision on a licence (inside the audit's transaction). */
export async function sendAuditMessage(db: DB, id: number) {
  const r = await db
    .selectFrom('licence')
    .select(['merchantId', 'kind', 'name', 'number', 'auditStatus', 'auditReason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const approved = r.auditStatus === LICENCE_AUDIT_STATUS.APPROVED;
  await sendMessage(db, {
    merchantId: r.merchantId,
    type: 'system',
    title: approved ? '证照审核通过' : '证照审核未通过',
    content: approved
      ? `您的${title(r)}（证号 ${r.number}）已通过平台审核。`
      : `您的${title(r)}（证号 ${r.number}）未通过平台审核，原因：${r.auditReason ?? '-'}。请修改后重新提交。`,
    refType: 'licence',
    refId: id,
  });
}
