import { BellOutlined } from '@ant-design/icons';
import { messageApi } from '@jz/contracts/api/message';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, Popover, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { callContract } from '../../lib/contract-client.ts';
import { hasPerm } from '../../lib/access.tsx';
import { formatShortDateTime } from '../../lib/format.ts';
import { profileQuery } from '../../lib/queries.ts';
import { MESSAGE_KEYS, MESSAGES_CHANGED, unreadQuery } from './unread.ts';
import { ItemList } from '../item-list/ItemList.tsx';
import { pagePath } from '../../lib/page-registry.ts';

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
    <div style={{ width: 340 }}>
      {latest.data?.records.length ? (
        <ItemList
          size="small"
          dataSource={latest.data.records}
          renderItem={(m) => (
            <ItemList.Item style={{ cursor: 'pointer' }} onClick={goAll}>
              <ItemList.Meta
                title={
                  <Typography.Text strong ellipsis>
                    {m.title}
                  </Typography.Text>
                }
                description={
                  <Space orientation="vertical" size={0} style={{ width: '100%' }}>
                    <Typography.Text type="secondary" ellipsis style={{ maxWidth: 300 }}>
                      {m.content}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatShortDateTime(m.createdAt)}
                    </Typography.Text>
                  </Space>
                }
              />
            </ItemList.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={latest.isLoading ? '加载中…' : '暂无未读消息'} />
      )}
      {canList && (
        <Button type="link" block onClick={goAll}>
          查看全部消息
        </Button>
      )}
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={`未读消息（${total}）`}
      content={content}
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) void qc.invalidateQueries({ queryKey: MESSAGE_KEYS.latest });
      }}
    >
      <Button type="text" aria-label={`消息，${total} 条未读`} data-testid="message-bell">
        <Badge count={total} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
