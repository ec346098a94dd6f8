import type { FinanceOverview } from '@jz/contracts/finance';
import { Card, Col, Row, Skeleton, Statistic, Tooltip } from 'antd';
import { QueryError } from '../../../../components/QueryState.tsx';
import { yuan } from './money.ts';
import { ShopScopeNote } from './ShopScopeNote.tsx';

const ITEMS: { key: keyof FinanceOverview; title: string; tip: string; color?: string }[] = [
  {
    key: 'balance',
    title: '余额',
    tip: '账户内属于您的全部资金（含冻结中的结算，已扣除提交的提现）',
    color: '#0958d9',
  },
  { key: 'frozen', title: '冻结', tip: '订单完成后 T+N 天内冻结，到期自动转为可提现', color: '#ad4e00' },
  { key: 'withdrawable', title: '可提现', tip: '可提现 = 余额 - 冻结', color: '#237804' },
  { key: 'totalIncome', title: '累计收入', tip: '全部订单结算（扣除平台佣金后）' },
  { key: 'totalWithdrawn', title: '累计提现', tip: '已打款到账的提现' },
  { key: 'pendingWithdraw', title: '提现中', tip: '审核中或打款中的提现（已从余额扣除，驳回或失败会退回）' },
];

/**
 * The account figures as cards: 余额, 冻结, 可提现, 累计收入, 累计提现, 提现中. With `onRetry`, a failed load shows
 * the error with 重试 instead of skeletons that never end.
 */
export function BalanceCards({
  data,
  loading,
  error,
  onRetry,
}: {
  data?: FinanceOverview;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => unknown;
}) {
  if (error && !data && onRetry)
    return (
      <Card variant="borderless" className="jz-card">
        <QueryError error={error} onRetry={onRetry} compact />
      </Card>
    );
  // A shop-limited account gets only its shops' figures; the account's (balance, withdrawals) answer null.
  const shops = data?.scope === 'shops';
  const items = shops
    ? ITEMS.filter((it) => data?.[it.key] !== null).map((it) => ({ ...it, title: `${it.title}（所管门店）` }))
    : ITEMS;
  return (
    <Row gutter={[16, 16]}>
      {shops && (
        <Col span={24}>
          <ShopScopeNote />
        </Col>
      )}
      {items.map((it) => (
        <Col key={it.key} xs={12} md={8} xl={4}>
          <Card variant="borderless" className="jz-card" data-testid={`finance-${it.key}`}>
            {loading || !data ? (
              <Skeleton active paragraph={false} />
            ) : (
              <Tooltip title={it.tip}>
                <Statistic
                  title={it.title}
                  value={yuan(data[it.key] as number)}
                  styles={{ content: { color: it.color, fontSize: 22 } }}
                />
              </Tooltip>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
