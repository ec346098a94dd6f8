import { BellOutlined } from '@ant-design/icons';
import { messageApi } from '@jz/contracts/api/message';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { callContract } from '../../lib/contract-client.ts';
import { hasPerm } from '../../lib/access.tsx';
import { profileQuery } from '../../lib/queries.ts';
import { MESSAGE_KEYS, MESSAGES_CHANGED, unreadQuery } from './unread.ts';
import { CountBadge } from '../count-badge/CountBadge.tsx';
import { LazyPopover, popover } from '../lazy-overlay/LazyOverlay.tsx';
import { lazyWidget } from '../lazy-widget.tsx';
import { pagePath } from '../../lib/page-registry.ts';

// The popover's list (the list with its pager, Typography, Empty) downloads when the bell is first opened, not with
// the console frame of every page (docs/performance-browser.md); meanwhile a box of the empty list's size.
const LatestMessages = lazyWidget(
  () => import('./LatestMessages.tsx'),
  (m) => m.LatestMessages,
  <div style={{ width: 340, height: 140 }} aria-busy="true" />,
);

/**
 * The header's unread badge (merchant users). The count refreshes when the window regains focus, every 15 s while
 * visible, and at once on the `jz:messages-changed` window event (fired by the message page and by the live order
 * stream). Clicking opens the latest unread messages and a link to 消息管理.
 */
export function MessageBell() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { data: user } = useQuery(profileQuery);
  const enabled = user?.userType === 'merchant';
  const { data } = useQuery({ ...unreadQuery, enabled });
  const [open, setOpen] = useState(false);
  // Once antd's Popover is in, it opens and closes the list on click itself.
  const loaded = popover.useValue() !== null;
  const latest = useQuery({
    queryKey: MESSAGE_KEYS.latest,
    queryFn: () =>
      callContract(messageApi.page, { query: { read: 0, pageSize: 5 } }, { quiet: true, silentError: true }),
    enabled: enabled && open && hasPerm('merchant:message:list'),
  });

  useEffect(() => {
    const refresh = () => void qc.invalidateQueries({ queryKey: MESSAGE_KEYS.all });
    window.addEventListener(MESSAGES_CHANGED, refresh);
    return () => window.removeEventListener(MESSAGES_CHANGED, refresh);
  }, [qc]);

  if (!enabled) return null;
  const total = data?.total ?? 0;
  const canList = hasPerm('merchant:message:list');
  const goAll = () => {
    setOpen(false);
    navigate(pagePath('merchant.message.list'));
  };

  const content = (
    <LatestMessages records={latest.data?.records} loading={latest.isLoading} canList={canList} onOpenAll={goAll} />
  );

  const onOpenChange = (o: boolean) => {
    setOpen(o);
    if (o) void qc.invalidateQueries({ queryKey: MESSAGE_KEYS.latest });
  };
  return (
    // antd's Popover loads when the pointer or the focus reaches the bell (the console frame of every route carried
    // it); a click before it is in opens it when it arrives.
    <LazyPopover
      trigger="click"
      placement="bottomRight"
      title={`未读消息（${total}）`}
      content={content}
      open={open}
      onOpenChange={onOpenChange}
    >
      <Button
        type="text"
        aria-label={`消息，${total} 条未读`}
        data-testid="message-bell"
        onPointerEnter={popover.start}
        onFocus={popover.start}
        onClick={
          loaded
            ? undefined
            : () => {
                popover.start();
                onOpenChange(true);
              }
        }
      >
        <CountBadge count={total} overflowCount={99}>
          <BellOutlined style={{ fontSize: 18 }} />
        </CountBadge>
      </Button>
    </LazyPopover>
  );
}
