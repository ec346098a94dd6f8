import { FEEDBACK_STATE } from '@jz/contracts/feedback';
import { isoAfter, nowIso } from '../../../lib/time.ts';
import { ensureDict } from '../../system/dict/dict.service.ts';
import type { DemoIds, SeedCtx } from '../../types.ts';
import './feedback.tables.ts';

/** Base dictionaries of feedback (every start, idempotent). */
export async function seedFeedbackDicts({ db }: SeedCtx) {
  await ensureDict(db, 'feedback_type', '反馈类型', [
    { label: '功能建议', value: '1', tag: 'blue' },
    { label: '问题反馈', value: '2', tag: 'orange' },
    { label: '投诉', value: '3', tag: 'red' },
    { label: '其他', value: '4', tag: 'default' },
  ]);
  await ensureDict(db, 'feedback_state', '反馈处理状态', [
    { label: '未处理', value: '0', tag: 'warning' },
    { label: '已处理', value: '1', tag: 'success' },
  ]);
}

/** Demo feedback: two open, one handled with a reply. */
export async function seedFeedbackDemo({ db, demo }: SeedCtx & { demo: DemoIds }) {
  const now = nowIso();
  const a = demo.merchantA;
  const b = demo.merchantB;
  await db
    .insertInto('feedback')
    .values([
      {
        userId: a.ownerId,
        merchantId: a.id,
        type: '1',
        content: '希望订单列表能按服务日期筛选，方便安排员工。',
        images: '[]',
        contact: '13800000001',
        state: FEEDBACK_STATE.OPEN,
        reply: null,
        handledBy: null,
        handledAt: null,
        createdAt: isoAfter(-2 * 86400_000),
        updatedAt: now,
      },
      {
        userId: a.subId,
        merchantId: a.id,
        type: '2',
        content: '接单提示音在部分浏览器不响，请排查。',
        images: '[]',
        contact: null,
        state: FEEDBACK_STATE.HANDLED,
        reply: '已修复，请刷新页面后重试。',
        handledBy: demo.adminId,
        handledAt: now,
        createdAt: isoAfter(-5 * 86400_000),
        updatedAt: now,
      },
      {
        userId: b.ownerId,
        merchantId: b.id,
        type: '3',
        content: '提现到账比承诺的时间晚了两天。',
        images: '[]',
        contact: '0351-7654321',
        state: FEEDBACK_STATE.OPEN,
        reply: null,
        handledBy: null,
        handledAt: null,
        createdAt: isoAfter(-86400_000),
        updatedAt: now,
      },
    ])
    .execute();
}
