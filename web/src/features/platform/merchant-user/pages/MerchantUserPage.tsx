import type { MerchantUser } from '@jz/contracts/merchant-user';
import { Avatar, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CopyText } from '../../../../components/CopyText.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { getMerchantUserPage, merchantUserKeys } from '../api/merchant-user.ts';
import { formatDateTime } from '../../../../lib/format.ts';

const time = (t: string | null) => formatDateTime(t);

/** 商家用户: every merchant account with its merchant, owner flag, roles and status. */
export default function MerchantUserPage() {
  const columns: ColumnsType<MerchantUser> = [
    { title: '编号', dataIndex: 'id', width: 70 },
    {
      title: '用户',
      dataIndex: 'nickName',
      render: (v: string, r) => (
        <Space>
          <Avatar size="small" src={r.headUrl ?? undefined}>
            {v.slice(0, 1)}
          </Avatar>
          {v}
        </Space>
      ),
    },
    { title: '手机号', dataIndex: 'phone', width: 140, render: (v: string) => <CopyText text={v} /> },
    { title: '所属商家', dataIndex: 'merchantName' },
    {
      title: '账号类型',
      dataIndex: 'isOwner',
      width: 100,
      render: (v: number) => (v ? <Tag color="gold">主账号</Tag> : <Tag>子账号</Tag>),
    },
    { title: '角色', dataIndex: 'roleNames', render: (v: string) => v || '-' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (v: number) => <DictTag type="sys_normal_disable" value={v} />,
    },
    { title: '最近登录', dataIndex: 'lastLoginAt', width: 150, render: time },
    { title: '注册时间', dataIndex: 'createdAt', width: 150, render: time },
  ];
  return (
    <DataTable<MerchantUser>
      title="商家用户"
      queryKey={merchantUserKeys.all}
      fetcher={getMerchantUserPage}
      columns={columns}
      scrollX={1200}
      search={[
        { name: 'merchantName', label: '商家名称' },
        { name: 'phone', label: '手机号' },
        { name: 'nickName', label: '昵称' },
        {
          name: 'isOwner',
          label: '账号类型',
          type: 'select',
          width: 120,
          options: [
            { label: '主账号', value: 1 },
            { label: '子账号', value: 0 },
          ],
        },
        { name: 'status', label: '状态', type: 'dict', dict: 'sys_normal_disable', width: 120 },
      ]}
    />
  );
}
