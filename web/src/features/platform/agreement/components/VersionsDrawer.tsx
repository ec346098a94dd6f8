import { useQuery } from '@tanstack/react-query';
import { Collapse, Drawer, Empty, Space, Spin, Tag, Typography } from 'antd';
import { QueryError } from '../../../../components/QueryState.tsx';
import { AgreementContent } from '../../../../components/agreement/AgreementContent.tsx';
import { agreementDetailQuery } from '../api/agreement.ts';
import { formatDateTime } from '../../../../lib/format.ts';

/** Every published version of one agreement, newest first; their texts are immutable. */
export function VersionsDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useQuery({ ...agreementDetailQuery(id ?? 0), enabled: id !== null });
  const a = q.data;
  return (
    <Drawer
      title={a ? `版本记录：${a.title}` : '版本记录'}
      open={id !== null}
      onClose={onClose}
      size={820}
      destroyOnHidden
    >
      {q.isLoading ? (
        <Spin />
      ) : q.isError && !a ? (
        <QueryError error={q.error} onRetry={q.refetch} compact />
      ) : !a?.versions.length ? (
        <Empty description="尚未发布任何版本" />
      ) : (
        <Collapse
          defaultActiveKey={[a.versions[0].id]}
          items={a.versions.map((v) => ({
            key: v.id,
            label: (
              <Space>
                第 {v.version} 版{v.version === a.currentVersion && <Tag color="success">当前</Tag>}
                <Typography.Text type="secondary">{formatDateTime(v.publishedAt)}</Typography.Text>
                {v.remark && <Typography.Text type="secondary">· {v.remark}</Typography.Text>}
              </Space>
            ),
            children: <AgreementContent html={v.content} />,
          }))}
        />
      )}
    </Drawer>
  );
}
