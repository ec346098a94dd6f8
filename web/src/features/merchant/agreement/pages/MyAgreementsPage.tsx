import type { Signature } from '@jz/contracts/agreement';
import { Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useNavigate } from 'react-router';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { agreementKeys, getMySignaturePage } from '../api/agreement.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { pagePath } from '../../../../lib/page-registry.ts';

/** 我的协议 (/wodexieyi): every signature record of the merchant, with its version and time. */
export default function MyAgreementsPage() {
  const navigate = useNavigate();
  const columns: ColumnsType<Signature> = [
    {
      title: '协议名称',
      dataIndex: 'title',
      render: (t: string, r) => (
        <Space>
          {t}
          {r.mustSign === 1 && <Tag color="red">必签</Tag>}
        </Space>
      ),
    },
    {
      title: '类型',
      dataIndex: 'type',
      width: 120,
      render: (v: string) => <DictTag type="agreement_type" value={v} />,
    },
    {
      title: '签署版本',
      dataIndex: 'version',
      width: 190,
      render: (v: number, r) => (
        <Space>
          第 {v} 版{r.isCurrent ? <Tag color="success">当前版本</Tag> : <Tag>历史版本</Tag>}
        </Space>
      ),
    },
    { title: '签署人', dataIndex: 'signerName', width: 120 },
    { title: '签署账号', dataIndex: 'userName', width: 120 },
    {
      title: '签署时间',
      dataIndex: 'signedAt',
      width: 180,
      render: (t: string) => formatDateTime(t, { seconds: true }),
    },
    { title: '签署 IP', dataIndex: 'ip', width: 140, render: (ip: string | null) => ip ?? '-' },
    {
      title: '操作',
      key: 'op',
      width: 90,
      render: (_, r) => (
        <RowAction onClick={() => navigate(pagePath('merchant.agreement.detail', { id: r.id }))}>查看</RowAction>
      ),
    },
  ];
  return (
    <DataTable<Signature>
      title="我的协议"
      queryKey={agreementKeys.mine}
      fetcher={getMySignaturePage}
      columns={columns}
      search={[
        { name: 'title', label: '协议名称' },
        { name: 'type', label: '协议类型', type: 'dict', dict: 'agreement_type' },
      ]}
    />
  );
}
