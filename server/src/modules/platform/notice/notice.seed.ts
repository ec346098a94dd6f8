import { STATUS_FLAG } from '@jz/contracts/common';
import { isoAfter, nowIso } from '../../../lib/time.ts';
import { ensureDict } from '../../system/dict/dict.service.ts';
import type { DemoIds, SeedCtx } from '../../types.ts';
import './notice.tables.ts';

/** Base dictionary of notices (every start, idempotent). */
export async function seedNoticeDicts({ db }: SeedCtx) {
  await ensureDict(db, 'notice_type', '公告类型', [
    { label: '通知', value: '1', tag: 'blue' },
    { label: '公告', value: '2', tag: 'green' },
  ]);
}

/** Demo notices: two published, one scheduled for next week. */
export async function seedNoticeDemo({ db, demo }: SeedCtx & { demo: DemoIds }) {
  const now = nowIso();
  const rows = [
    {
      title: '平台结算规则调整通知',
      content: '<p>自下月 1 日起，订单完成后 <strong>T+7</strong> 天可提现，佣金比例保持 5% 不变。</p>',
      type: '1',
      publishedAt: isoAfter(-3 * 86400_000),
    },
    {
      title: '春节期间服务安排公告',
      content: '<p>春节期间请各商家提前安排好员工排班，并在店铺设置中更新营业时间。</p>',
      type: '2',
      publishedAt: isoAfter(-86400_000),
    },
    {
      title: '新版商家后台上线预告',
      content: '<p>新版后台将于下周上线，届时支持批量上下架。</p>',
      type: '2',
      publishedAt: isoAfter(7 * 86400_000),
    },
  ];
  await db
    .insertInto('notice')
    .values(
      rows.map((r) => ({ ...r, status: STATUS_FLAG.ENABLED, createdBy: demo.adminId, createdAt: now, updatedAt: now })),
    )
    .execute();
}
