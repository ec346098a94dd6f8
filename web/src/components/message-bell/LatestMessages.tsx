import type { Message } from '@jz/contracts/message';
import { Button, Empty, Space, Typography } from 'antd';
import { formatShortDateTime } from '../../lib/format.ts';
import { ItemList } from '../item-list/ItemList.tsx';

/** The bell's popover: the latest unread messages and 查看全部消息 (its own chunk, MessageBell). */
export function LatestMessages({
  records,
  loading,
  canList,
  onOpenAll,
}: {
  records?: Message[];
  loading: boolean;
  canList: boolean;
  onOpenAll: () => void;
}) {
  return (
    <div style={{ width: 340 }}>
      {records?.length ? (
        <ItemList
          size="small"
          dataSource={records}
          renderItem={(m) => (
            <ItemList.Item style={{ cursor: 'pointer' }} onClick={onOpenAll}>
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
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={loading ? '加载中…' : '暂无未读消息'} />
      )}
      {canList && (
        <Button type="link" block onClick={onOpenAll}>
          查看全部消息
        </Button>
      )}
    </div>
  );
}
