import { QuestionCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Space } from 'antd';
import { PlainStatistic } from '../../../../components/plain/PlainStatistic.tsx';
import { LazyTooltip } from '../../../../components/lazy-overlay/LazyOverlay.tsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { QueryError } from '../../../../components/QueryState.tsx';
import { hasPerm } from '../../../../lib/access.tsx';
import { getToday, statsKeys } from '../api/stats.ts';
import { pagePath } from '../../../../lib/page-registry.ts';

/** What 今日成交额 counts: exactly what the server sums (stats.repo.ts `today`). */
export const REVENUE_TIP =
  '今天（北京时间 0 点起）支付的订单的实付金额合计（用卡支付的订单按所用的卡内本金计，赠送金额不计），不含有退款（退款中、已退款或退款失败）的订单。这是顾客支付的金额，不是扣除佣金后的结算收入。';

interface Item {
  title: ReactNode;
  key: string;
  value: number;
  to?: string;
  precision?: number;
  prefix?: string;
}

/**
 * Today's figures for the landing page: orders paid today, orders waiting to be taken (20), orders to serve (30),
 * 今日成交额 and reviews still to answer. Order data: shown only to holders of 订单管理 (merchant:order:list), as the
 * server answers only them; 今日成交额 only when the server gives it (to users who may see money: it answers null to
 * the others). Refreshes every minute.
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
  const items: Item[] = [
    { key: 'paid', title: '今日支付订单', value: d?.newOrders ?? 0, to: pagePath('merchant.order.list') },
    { key: 'waiting', title: '待接单', value: d?.waiting ?? 0, to: pagePath('merchant.order.taking') },
    { key: 'toServe', title: '待服务', value: d?.toServe ?? 0, to: pagePath('merchant.order.list') },
  ];
  if (d && d.revenue !== null)
    items.push({
      key: 'revenue',
      title: (
        <Space size={4}>
          今日成交额
          <LazyTooltip title={REVENUE_TIP}>
            <QuestionCircleOutlined tabIndex={0} aria-label={`今日成交额：${REVENUE_TIP}`} />
          </LazyTooltip>
        </Space>
      ),
      value: d.revenue / 100,
      precision: 2,
      prefix: '¥',
    });
  items.push({
    key: 'reviews',
    title: '待回复评价',
    value: d?.reviewsToAnswer ?? 0,
    to: pagePath('merchant.review.list'),
  });
  return (
    <Card className="jz-card" variant="borderless" title="今日数据" data-testid="today-figures">
      {q.isError && !d ? (
        <QueryError error={q.error} onRetry={q.refetch} compact />
      ) : (
        <Row gutter={[16, 16]}>
          {items.map((it) => {
            const stat = (
              <PlainStatistic
                title={it.title}
                value={it.value}
                precision={it.precision}
                prefix={it.prefix}
                loading={q.isLoading}
              />
            );
            return (
              <Col key={it.key} xs={12} md={8} xl={{ flex: `${100 / items.length}%` }} data-testid={`today-${it.key}`}>
                {it.to ? <Link to={it.to}>{stat}</Link> : stat}
              </Col>
            );
          })}
        </Row>
      )}
    </Card>
  );
}
