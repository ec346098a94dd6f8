import { ShoppingOutlined } from '@ant-design/icons';
import { orderApi } from '@jz/contracts/api/order';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { callContract } from '../../lib/contract-client.ts';
import { hasPerm } from '../../lib/access.tsx';
import { initPcQuery, profileQuery } from '../../lib/queries.ts';
import { CountBadge } from '../count-badge/CountBadge.tsx';
import { LazyTooltip } from '../lazy-overlay/LazyOverlay.tsx';
import { useOrderEvents, useOrderStream } from './order-stream.ts';
import { pagePath } from '../../lib/page-registry.ts';

export const WAITING_KEY = ['orders', 'waiting-count'] as const;

/**
 * The header's badge of orders waiting to be taken (status 20) in the current shop. It keeps the live order stream
 * open, so a new paid order rings (when the shop's 新订单提示音 and the user's 提醒设置 are on) and bumps the count on
 * every page; clicking opens 订单接单. A merchant without a shop has nothing to wait for: no badge, no stream and no
 * count polling (they answered 409 请先创建店铺 every few seconds); they start when a shop is created.
 */
export function OrderBadge() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { data: user } = useQuery(profileQuery);
  const { data: init } = useQuery(initPcQuery);
  const shopId = init?.curDianpu?.id;
  const enabled = user?.userType === 'merchant' && !!shopId && hasPerm('merchant:order:taking');
  const stream = useOrderStream(shopId, enabled);
  const { data } = useQuery({
    queryKey: [...WAITING_KEY, shopId],
    queryFn: () => callContract(orderApi.waitingCount, { query: {} }, { quiet: true, silentError: true }),
    enabled,
    // a refusal (no permission, no shop) is not polled again: the next change of shop or sign-in asks afresh
    refetchInterval: (q) => (q.state.status === 'error' ? false : 30_000),
  });
  useOrderEvents(useCallback(() => void qc.invalidateQueries({ queryKey: WAITING_KEY }), [qc]));
  if (!enabled) return null;
  const count = data?.count ?? 0;
  return (
    <LazyTooltip title={stream.connected ? `待接单 ${count} 单（实时）` : '实时连接中断，正在重连…'}>
      <Button
        type="text"
        aria-label={`待接单，${count} 单`}
        data-testid="order-badge"
        onClick={() => navigate(pagePath('merchant.order.taking'))}
      >
        <CountBadge count={count} overflowCount={99} dot={!stream.connected && count === 0}>
          <ShoppingOutlined style={{ fontSize: 18, color: stream.connected ? undefined : '#faad14' }} />
        </CountBadge>
        <span style={{ marginLeft: 6 }}>待接单</span>
      </Button>
    </LazyTooltip>
  );
}
