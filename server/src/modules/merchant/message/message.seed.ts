import { ensureDict } from '../../system/dict/dict.service.ts';
import type { DemoIds, SeedCtx } from '../../types.ts';

/** The dictionaries the message page renders: the type and the read state. */
export async function seedMessageDicts({ db }: SeedCtx) {
  await ensureDict(db, 'message_type', '消息类型', [
    { label: '订单', value: 'order', tag: 'blue' },
    { label: '财务', value: 'finance', tag: 'warning' },
    { label: '系统', value: 'system', tag: 'purple' },
  ]);
  await ensureDict(db, 'message_read', '消息状态', [
    { label: '未读', value: '0', tag: 'error' },
    { label: '已读', value: '1', tag: 'default' },
  ]);
}

/** Messages for every demo user of both merchants, some read, some not, of every type. */
export async function seedMessageDemo({ db, demo }: SeedCtx & { demo: DemoIds }) {
  const mins = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  const a = demo.merchantA;
  const b = demo.merchantB;
  const rows: {
    userId: number;
    merchantId: number;
    type: string;
    title: string;
    content: string;
    refType: string | null;
    refId: number | null;
    readAt: string | null;
    createdAt: string;
  }[] = [];
  const push = (
    userId: number,
    merchantId: number,
    type: string,
    title: string,
    content: string,
    refType: string | null,
    ago: number,
    read: boolean,
  ) =>
    rows.push({
      userId,
      merchantId,
      type,
      title,
      content,
      refType,
      refId: null,
      readAt: read ? mins(ago - 5) : null,
      createdAt: mins(ago),
    });
  for (const [owner, mid, name] of [
    [a.ownerId, a.id, '运城洁家家政'],
    [b.ownerId, b.id, '太原安心家政'],
  ] as const) {
    push(
      owner,
      mid,
      'system',
      '欢迎入驻家政商家平台',
      `${name}，欢迎入驻！请先完善店铺信息并签署《入驻协议》。`,
      null,
      60 * 24 * 3,
      true,
    );
    push(
      owner,
      mid,
      'order',
      '新订单待接单',
      '您有一笔「日常保洁 3 小时」新订单已付款，请及时分配服务人员。',
      'order',
      90,
      false,
    );
    push(
      owner,
      mid,
      'order',
      '订单已完成',
      '订单「深度保洁」已确认完成，结算将在 7 天后解冻。',
      'order',
      60 * 26,
      true,
    );
    push(owner, mid, 'finance', '结算已解冻', '一笔订单结算 ¥142.50 已解冻，可申请提现。', 'settlement', 60 * 5, false);
    push(
      owner,
      mid,
      'finance',
      '提现已到账',
      '您申请的提现 ¥500.00 已打款到尾号 6688 的银行卡。',
      'withdrawal',
      60 * 48,
      true,
    );
    push(
      owner,
      mid,
      'system',
      '平台公告：春节服务安排',
      '春节期间平台客服照常在线，请各商家合理安排服务人员。',
      'broadcast',
      60 * 30,
      false,
    );
  }
  push(a.subId, a.id, 'order', '新订单待接单', '您有一笔「开荒保洁」新订单已付款，请及时处理。', 'order', 30, false);
  push(a.subId, a.id, 'system', '账号已开通', '您的子账号已开通，权限由主账号分配。', null, 60 * 72, true);
  await db.insertInto('message').values(rows).execute();
}
