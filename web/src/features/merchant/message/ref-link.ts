import type { Message } from '@jz/contracts/message';
import { pageByPath } from '../../../lib/page-registry.ts';
import { hasPerm } from '../../../lib/access.tsx';

/** Where each kind of message leads (spec §2 routes). */
const TARGETS: Record<string, { path: string; label: string; withId?: boolean }> = {
  order: { path: '/dingdanguanli', label: '查看订单', withId: true },
  withdrawal: { path: '/caiwutixian', label: '查看提现', withId: true },
  settlement: { path: '/buketixianjine', label: '查看结算' },
  agreement: { path: '/xiyixixie', label: '去签署' },
  shop: { path: '/dianpuxinxi', label: '查看店铺' },
  onboarding: { path: '/yonghujinjian', label: '查看进件' },
  licence: { path: '/wodezhengzhao', label: '查看证照' },
};

/** The page a message links to, when that page exists in this build and the user may open it; else undefined. */
export function refLinkOf(m: Pick<Message, 'refType' | 'refId'>): { href: string; label: string } | undefined {
  const t = m.refType ? TARGETS[m.refType] : undefined;
  if (!t) return undefined;
  const page = pageByPath.get(t.path);
  if (!page || !hasPerm(page.perm)) return undefined;
  return { href: t.withId && m.refId ? `${t.path}?id=${m.refId}` : t.path, label: t.label };
}
