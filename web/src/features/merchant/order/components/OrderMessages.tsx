import type { OrderNotice } from '@jz/contracts/notify';
import { NOTIFY_STATUS_NAME } from '@jz/contracts/constants/notify';
import { Button, Empty, Space, Tag, Typography } from 'antd';
import { useConfirm } from '../../../../components/confirm.ts';
import { ItemList } from '../../../../components/item-list/ItemList.tsx';
import { QueryError } from '../../../../components/QueryState.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { useOrderMessages, useResendMessage } from '../api/messages.ts';

const STATUS_COLOR = { pending: 'processing', sent: 'success', failed: 'error' } as const;

/** 短信通知 of an order: each message to the customer or staff with its status, why, and 重发 once it went or failed. */
export function OrderMessages({ orderId }: { orderId: number }) {
  const q = useOrderMessages(orderId);
  const resend = useResendMessage(orderId);
  const { confirmWarning } = useConfirm();
  const ask = async (m: OrderNotice) => {
    if (await confirmWarning(`确定重新发送这条短信给「${m.recipient}」吗？`)) resend.mutate(m.id);
  };
  return (
    <div data-testid="order-messages">
      <Typography.Title level={5}>短信通知</Typography.Title>
      {q.isError ? (
        <QueryError error={q.error} onRetry={q.refetch} compact />
      ) : (
        <ItemList
          size="small"
          loading={q.isLoading}
          locale={{ emptyText: <Empty description="暂无短信通知" image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
          dataSource={q.data ?? []}
          renderItem={(m) => (
            <ItemList.Item
              actions={
                m.status === 'pending'
                  ? []
                  : [
                      <Auth key="resend" perm="merchant:order:assign">
                        <Button size="small" type="link" loading={resend.isPending} onClick={() => ask(m)}>
                          重发
                        </Button>
                      </Auth>,
                    ]
              }
            >
              <Space orientation="vertical" size={0}>
                <Space wrap>
                  <Typography.Text strong>{m.eventName}</Typography.Text>
                  <Tag color={STATUS_COLOR[m.status]}>{NOTIFY_STATUS_NAME[m.status]}</Tag>
                  <Typography.Text type="secondary">
                    {m.recipientKind === 'customer' ? '客户' : '员工'} {m.recipient}
                  </Typography.Text>
                  {m.resendOf && <Tag>重发</Tag>}
                </Space>
                <Typography.Text>{m.content}</Typography.Text>
                <Typography.Text type="secondary">
                  短信 · {formatDateTime(m.sentAt ?? m.createdAt)}
                  {m.status === 'pending' && m.nextAttemptAt && ` · 预计 ${formatDateTime(m.nextAttemptAt)} 发送`}
                </Typography.Text>
                {m.reason && (
                  <Typography.Text type={m.status === 'failed' ? 'danger' : 'secondary'}>{m.reason}</Typography.Text>
                )}
              </Space>
            </ItemList.Item>
          )}
        />
      )}
    </div>
  );
}
