import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Statistic } from 'antd';
import { Link } from 'react-router';
import { QueryError } from '../../../../components/QueryState.tsx';
import { hasPerm } from '../../../../lib/access.tsx';
import { getToday, statsKeys } from '../api/stats.ts';
import { pagePath } from '../../../../lib/page-registry.ts';

/**
 * Today's figures for the landing page: orders paid today, orders waiting to be taken (20), orders to serve (30),
 * revenue today and reviews still to answer. Order data: shown only to holders of 订单管理 (merchant:order:list), as
 * the server answers only them. Refreshes every minute.
 */
export function TodayFigures() {
  const allowed = hasPerm('merchant:order:list');
  const q = useQuery({
    queryKey: [...statsKeys.all, 'today'],
    queryFn: getToday,
    refetchInterval: 60_000,
    enabled: allowed,
  });
  const d = q.data;
  if (!allowed) return null;
  const items: { title: string; value: number; to?: string; precision?: number; prefix?: string }[] = [
    { title: '今日新订单', value: d?.newOrders ?? 0, to: pagePath('merchant.order.list') },
    { title: '待接单', value: d?.waiting ?? 0, to: pagePath('merchant.order.taking') },
    { title: '待服务', value: d?.toServe ?? 0, to: pagePath('merchant.order.list') },
    { title: '今日收入', value: (d?.revenue ?? 0) / 100, precision: 2, prefix: '¥' },
    { title: '待回复评价', value: d?.reviewsToAnswer ?? 0, to: pagePath('merchant.review.list') },
  ];
  return (
    <Card className="jz-card" variant="borderless" title="今日数据" data-testid="today-figures">
      {q.isError && !d ? (
        <QueryError error={q.error} onRetry={q.refetch} compact />
      ) : (
        <Row gutter={[16, 16]}>
          {items.map((it) => {
            const stat = (
              <Statistic
                title={it.title}
                value={it.value}
                precision={it.precision}
                prefix={it.prefix}
                loading={q.isLoading}
              />
            );
            return (
              <Col key={it.title} xs={12} md={8} xl={{ flex: '20%' }}>
                {it.to ? <Link to={it.to}>{stat}</Link> : stat}
              </Col>
            );
          })}
        </Row>
      )}
    </Card>
  );
}
