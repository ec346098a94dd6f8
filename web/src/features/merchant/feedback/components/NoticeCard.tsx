import { NotificationOutlined } from '@ant-design/icons';
import { Card, Space, Tag } from 'antd';
import { useNavigate } from 'react-router';
import { tableStates } from '../../../../components/QueryState.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { usePublishedNotices } from '../api/feedback.ts';
import { formatDate } from '../../../../lib/format.ts';
import { ItemList } from '../../../../components/item-list/ItemList.tsx';
import { pagePath } from '../../../../lib/page-registry.ts';
import { businessNow, toBusiness } from '../../../../lib/zone.ts';

/**
 * The platform's latest published notices, for the merchant landing page (/index): one line there renders it,
 * `{user?.userType === 'merchant' && <NoticeCard />}`. 查看全部 opens the notices tab of 意见反馈.
 */
export function NoticeCard() {
  const navigate = useNavigate();
  const q = usePublishedNotices(1);
  const items = (q.data?.records ?? []).slice(0, 5);
  return (
    <Card
      title={
        <Space>
          <NotificationOutlined />
          平台公告
        </Space>
      }
      extra={<RowAction onClick={() => navigate(pagePath('merchant.feedback', { tab: 'notice' }))}>查看全部</RowAction>}
    >
      <ItemList
        size="small"
        dataSource={items}
        {...tableStates(q, { empty: '暂无公告' })}
        renderItem={(n) => (
          <ItemList.Item extra={formatDate(n.publishedAt)}>
            <Space>
              <DictTag type="notice_type" value={n.type} />
              <RowAction onClick={() => navigate(pagePath('merchant.feedback', { tab: 'notice', notice: n.id }))}>
                {n.title}
              </RowAction>
              {businessNow().diff(toBusiness(n.publishedAt), 'day') < 3 && <Tag color="red">新</Tag>}
            </Space>
          </ItemList.Item>
        )}
      />
    </Card>
  );
}
