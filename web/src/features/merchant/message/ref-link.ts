import type { Message } from '@jz/contracts/message';
import { type PageKey, type PageQuery, pageByKey, pagePath } from '../../../lib/page-registry.ts';
import { hasPerm } from '../../../lib/access.tsx';

/** Where each kind of message leads (docs/spec-notes.md#routes routes, by registry key). */
const TARGETS: Record<string, { key: PageKey; label: string; withId?: boolean; query?: PageQuery }> = {
  order: { key: 'merchant.order.list', label: '查看订单', withId: true },
  withdrawal: { key: 'merchant.finance.withdraw', label: '查看提现', withId: true },
  settlement: { key: 'merchant.finance.frozen', label: '查看结算' },
  agreement: { key: 'merchant.agreement.sign', label: '去签署' },
  shop: { key: 'merchant.shop.info', label: '查看店铺' },
  onboarding: { key: 'merchant.jinjian', label: '查看进件' },
  licence: { key: 'account.licence', label: '查看证照' },
  // 员工排班 opened on its 请假审批 tab at that request (RotaPage reads `tab` and `id`): whatever its state now
  leaveRequest: { key: 'merchant.order.rota', label: '查看请假', withId: true, query: { tab: 'leave' } },
};

/** The page a message links to, when that page exists in this build and the user may open it; else undefined. */
export function refLinkOf(m: Pick<Message, 'refType' | 'refId'>): { href: string; label: string } | undefined {
  const t = m.refType ? TARGETS[m.refType] : undefined;
  if (!t) return undefined;
  const page = pageByKey.get(t.key);
  if (!page || !hasPerm(page.perm)) return undefined;
  return { href: pagePath(t.key, { ...t.query, id: t.withId && m.refId ? m.refId : undefined }), label: t.label };
}
