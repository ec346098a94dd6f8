import type { ClientRow } from '@jz/contracts/client';
import { CLIENT_SOURCE_NAMES } from '@jz/contracts/constants/client';
import { Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyAction } from '../../../../components/EmptyAction.tsx';
import { ExportButton } from '../../../../components/ExportButton.tsx';
import { PageLink } from '../../../../components/PageLink.tsx';
import { CrudToolbar } from '../../../../components/data-table/CrudToolbar.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { Auth, hasPerm } from '../../../../lib/access.tsx';
import { formatDateTime, formatYuan } from '../../../../lib/format.ts';
import { pagePath } from '../../../../lib/page-registry.ts';
import { type ClientInput, clientKeys, exportClients, getClientPage, useClientMutations } from '../api/client.ts';
import { cardBalanceText } from '../components/card-balance.ts';
import type { ClientFormValues } from '../components/ClientForm.tsx';
import { ClientForm } from '../components/lazy-dialogs.ts';

/** The add form's values as the API takes them (no first address without a detail). */
export function clientAddBody(v: ClientFormValues): ClientInput {
  const address = v.address && typeof v.address.detail === 'string' && v.address.detail.trim() ? v.address : null;
  return {
    name: v.name,
    phone: v.phone ?? '',
    tags: v.tags ?? [],
    remark: v.remark,
    ...(address ? { address: address as unknown as NonNullable<ClientInput['address']> } : {}),
  };
}

/** 客户列表 (/kehuliebiao): search by name, phone 尾号, address and tag; figures over the caller's shops. */
export default function ClientListPage() {
  const navigate = useNavigate();
  const { add } = useClientMutations();
  const [adding, setAdding] = useState(false);
  const columns: ColumnsType<ClientRow> = [
    {
      title: '客户',
      dataIndex: 'name',
      width: 140,
      render: (v: string, r) => (
        <PageLink page="merchant.client.detail" query={{ id: r.id }}>
          {v}
        </PageLink>
      ),
    },
    { title: '手机号', dataIndex: 'phone', width: 130 },
    {
      title: '标签',
      dataIndex: 'tags',
      width: 180,
      render: (tags: string[]) =>
        tags.length ? (
          <Space size={[0, 4]} wrap>
            {tags.map((t) => (
              <Tag key={t}>{t}</Tag>
            ))}
          </Space>
        ) : (
          '-'
        ),
    },
    { title: '默认地址', dataIndex: 'defaultAddress', ellipsis: true, render: (v: string | null) => v ?? '-' },
    { title: '订单数', dataIndex: 'orderCount', width: 80 },
    {
      title: '卡余额',
      dataIndex: 'cardBalance',
      width: 170,
      render: (v: ClientRow['cardBalance']) => cardBalanceText(v),
    },
    { title: '消费金额', dataIndex: 'totalSpent', width: 110, render: (v: number) => formatYuan(v) },
    {
      title: '最近下单',
      dataIndex: 'lastOrderAt',
      width: 170,
      render: (v: string | null) => (v ? formatDateTime(v) : '-'),
    },
    {
      title: '来源',
      dataIndex: 'source',
      width: 90,
      render: (v: ClientRow['source']) => CLIENT_SOURCE_NAMES[v],
    },
    {
      title: '操作',
      key: 'op',
      width: 80,
      render: (_, r) => (
        <PageLink page="merchant.client.detail" query={{ id: r.id }} fallback={null}>
          详情
        </PageLink>
      ),
    },
  ];
  return (
    <>
      <DataTable<ClientRow>
        title={
          <Space>
            客户列表
            {!hasPerm('merchant:client:full') && (
              <Tooltip title="需要「查看客户完整信息」权限才能看到完整的手机号和地址">
                <Tag color="orange">手机号、地址已脱敏</Tag>
              </Tooltip>
            )}
          </Space>
        }
        queryKey={clientKeys.all}
        fetcher={getClientPage}
        columns={columns}
        scrollX={1370}
        emptyAction={
          <EmptyAction perm="merchant:client:add" onClick={() => setAdding(true)}>
            添加第一位客户
          </EmptyAction>
        }
        search={[
          { name: 'name', label: '客户姓名' },
          { name: 'phone', label: '手机号', placeholder: '尾号 4 位或完整手机号' },
          { name: 'address', label: '地址' },
          { name: 'tag', label: '标签' },
        ]}
        toolbar={(ctx) => (
          <CrudToolbar {...ctx} add={{ perm: 'merchant:client:add', onClick: () => setAdding(true) }}>
            <Auth perm="merchant:client:export">
              <ExportButton onExport={() => exportClients(ctx.filters)}>导出 Excel</ExportButton>
            </Auth>
          </CrudToolbar>
        )}
      />
      <ClientForm
        open={adding}
        onClose={() => setAdding(false)}
        onSubmit={async (v) => {
          const { id } = await add.mutateAsync(clientAddBody(v));
          navigate(pagePath('merchant.client.detail', { id }));
        }}
      />
    </>
  );
}
