import { Alert, Button } from 'antd';
import { useNavigate } from 'react-router';
import { hasPerm } from '../../../../lib/access.tsx';
import { useExpiringLicences } from '../api/licence.ts';
import { pagePath } from '../../../../lib/page-registry.ts';

/**
 * Landing-page reminder: licences expiring within 30 days or already expired. Renders nothing when all are fine, and
 * asks nothing of users without 我的证照 (merchant:account:licence: the licence numbers are that page's data).
 */
export function LicenceAlert() {
  const allowed = hasPerm('merchant:account:licence');
  const q = useExpiringLicences(allowed);
  const navigate = useNavigate();
  const d = q.data;
  if (!allowed || !d || (d.expiring === 0 && d.expired === 0)) return null;
  const parts = [d.expired ? `${d.expired} 个证照已过期` : '', d.expiring ? `${d.expiring} 个证照将在 30 天内到期` : '']
    .filter(Boolean)
    .join('，');
  const names = d.items
    .slice(0, 3)
    .map((i) => `${i.name ? `${i.name} ` : ''}${i.number}（${i.daysLeft < 0 ? '已过期' : `剩 ${i.daysLeft} 天`}）`)
    .join('、');
  return (
    <Alert
      data-testid="licence-alert"
      type={d.expired ? 'error' : 'warning'}
      showIcon
      style={{ marginBottom: 16 }}
      title={`证照提醒：${parts}，请及时更新`}
      description={names}
      action={
        <Button size="small" onClick={() => navigate(pagePath('account.licence', { expiry: 'expiring' }))}>
          去处理
        </Button>
      }
    />
  );
}
