import type { ShopInfo } from '@jz/contracts/shop';
import { Tag } from 'antd';

/** What a decision needs of a shop (a list row or the drawer's detail). */
export type Decidable = Pick<ShopInfo, 'id' | 'name' | 'auditStatus' | 'pendingName' | 'locationIssues'>;

/** Whether the platform has something to decide on the shop: a new shop, or an approved one's new name. */
export const awaitsDecision = (s: Pick<ShopInfo, 'auditStatus' | 'pendingName'>) =>
  s.auditStatus === 0 || !!s.pendingName;

/** The flag of a location outside the stated region (an error) or outside the shop's own service area (a warning). */
export function LocationFlag({ issues }: { issues: ShopInfo['locationIssues'] }) {
  const worst = issues?.find((i) => i.level === 'error') ?? issues?.[0];
  if (!worst) return null;
  return (
    <Tag color={worst.level === 'error' ? 'red' : 'orange'} title={worst.message}>
      {worst.kind === 'serviceArea' ? '位置在服务区外' : worst.kind === 'partial' ? '坐标不完整' : '位置超出所选地区'}
    </Tag>
  );
}
