import type { CertificateView, Employee } from '@jz/contracts/employee';
import { CERT_WARN_DAYS } from '@jz/contracts/constants/employee';
import { Tag, Tooltip } from 'antd';

/** Expiry of one certificate: expired in red, expiring within 30 days in orange. */
export function CertExpiry({ cert }: { cert: CertificateView }) {
  if (cert.state === 'none') return <Tag>长期有效</Tag>;
  if (cert.state === 'expired') return <Tag color="error">已过期 {Math.abs(cert.daysLeft ?? 0)} 天</Tag>;
  if (cert.state === 'expiring')
    return <Tag color="warning">{cert.daysLeft === 0 ? '今天到期' : `${cert.daysLeft} 天后到期`}</Tag>;
  return <Tag color="success">有效</Tag>;
}

/** The list cell: how many certificates, and a warning when some are expired or expiring. */
export function CertSummary({ employee }: { employee: Employee }) {
  const certs = employee.certificates;
  if (!certs.length) return <span style={{ color: '#666' }}>无</span>;
  const expired = certs.filter((c) => c.state === 'expired');
  const expiring = certs.filter((c) => c.state === 'expiring');
  const tip = certs.map((c) => `${c.name}${c.expireAt ? `：${c.expireAt} 到期` : '：长期有效'}`).join('\n');
  return (
    <Tooltip title={<span style={{ whiteSpace: 'pre-line' }}>{tip}</span>}>
      <span>
        {certs.length} 个
        {expired.length > 0 && (
          <Tag color="error" style={{ marginLeft: 6 }}>
            {expired.length} 个已过期
          </Tag>
        )}
        {expiring.length > 0 && (
          <Tag color="warning" style={{ marginLeft: 6 }}>
            {expiring.length} 个 {CERT_WARN_DAYS} 天内到期
          </Tag>
        )}
      </span>
    </Tooltip>
  );
}
