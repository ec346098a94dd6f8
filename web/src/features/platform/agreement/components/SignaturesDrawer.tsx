import type { Signature } from '@jz/contracts/agreement';
import { Drawer, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { adminAgreementKeys, getSignaturePage } from '../api/agreement.ts';
import { formatDateTime } from '../../../../lib/format.ts';

const columns: ColumnsType<Signature> = [
  { title: '商家', dataIndex: 'merchantName' },
  {
    title: '版本',
    dataIndex: 'version',
    width: 150,
    render: (v: number, r) => (
      <Space>
        第 {v} 版{r.isCurrent ? <Tag color="success">当前</Tag> : null}
      </Space>
    ),
  },
  { title: '签署人', dataIndex: 'signerName', width: 100 },
  { title: '签署账号', dataIndex: 'userName', width: 100 },
  {
    title: '签署时间',
    dataIndex: 'signedAt',
    width: 170,
    render: (t: string) => formatDateTime(t, { seconds: true }),
  },
  { title: 'IP', dataIndex: 'ip', width: 130 },
];

/** Who signed which version of one agreement. */
export function SignaturesDrawer({
  agreement,
  onClose,
}: {
  agreement: { id: number; title: string } | null;
  onClose: () => void;
}) {
  return (
    <Drawer
      title={agreement ? `签署记录：${agreement.title}` : '签署记录'}
      open={!!agreement}
      onClose={onClose}
      size={960}
      destroyOnHidden
    >
      {agreement && (
        <DataTable<Signature>
          queryKey={adminAgreementKeys.signatures}
          fetcher={getSignaturePage}
          params={{ agreementId: agreement.id }}
          columns={columns}
          search={[{ name: 'merchantName', label: '商家名称' }]}
        />
      )}
    </Drawer>
  );
}
