import type { Licence } from '@jz/contracts/licence';
import { Tag } from 'antd';

/** Validity of a licence: 长期, 已过期 (red), 剩 N 天 (orange within 30 days), or the end date. */
export function ExpiryTag({ l }: { l: Pick<Licence, 'expiry' | 'daysLeft' | 'validTo'> }) {
  if (l.expiry === 'longTerm') return <Tag color="blue">长期有效</Tag>;
  if (l.expiry === 'expired') return <Tag color="red">已过期 {Math.abs(l.daysLeft ?? 0)} 天</Tag>;
  if (l.expiry === 'expiring')
    return <Tag color="orange">{l.daysLeft === 0 ? '今天到期' : `剩 ${l.daysLeft} 天到期`}</Tag>;
  return <Tag color="green">有效</Tag>;
}
