import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useNavigate } from 'react-router';
import { hasPerm } from '../../../../lib/access.tsx';
import { profileQuery } from '../../../../lib/queries.ts';
import { pendingQuery } from '../api/agreement.ts';
import { pagePath } from '../../../../lib/page-registry.ts';

/**
 * For the landing page: a prominent warning while a must-sign agreement is unsigned in its current version
 * (withdrawals are refused until then), and a quieter note for optional ones. Renders nothing for platform users.
 */
export function PendingAgreementAlert() {
  const navigate = useNavigate();
  const { data: user } = useQuery(profileQuery);
  const isMerchant = user?.userType === 'merchant';
  // Fresh at each visit of the landing page: a version published meanwhile must show at once, not after 30 s.
  const { data = [] } = useQuery({ ...pendingQuery, enabled: isMerchant, refetchOnMount: 'always' });
  if (!isMerchant || !data.length) return null;
  const must = data.filter((a) => a.mustSign === 1);
  const canSign = hasPerm('merchant:agreement:sign');
  const action = canSign ? (
    <Button type="primary" danger={must.length > 0} onClick={() => navigate(pagePath('merchant.agreement.sign'))}>
      立即签署
    </Button>
  ) : undefined;
  if (must.length)
    return (
      <Alert
        type="error"
        showIcon
        data-testid="pending-agreement-alert"
        title={`您有 ${must.length} 份必签协议待签署`}
        description={`${must.map((a) => `《${a.title}》第 ${a.version} 版`).join('、')}尚未签署，签署前将无法申请提现。${canSign ? '' : '请联系主账号签署。'}`}
        action={action}
      />
    );
  return (
    <Alert
      type="info"
      showIcon
      data-testid="pending-agreement-alert"
      title={`有 ${data.length} 份协议待阅读签署：${data.map((a) => `《${a.title}》`).join('、')}`}
      action={action}
    />
  );
}
