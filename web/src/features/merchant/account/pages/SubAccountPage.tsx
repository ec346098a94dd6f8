import { PAGE_SIZES } from '@jz/contracts/envelope';
import type { MerchantRole, SubAccount } from '@jz/contracts/subaccount';
import { tableStates } from '../../../../components/QueryState.tsx';
import { Button, Card, Input, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useConfirm } from '../../../../components/confirm.ts';
import { EmptyAction } from '../../../../components/EmptyAction.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { StatusSwitch } from '../../../../components/StatusSwitch.tsx';
import { Auth, hasPerm } from '../../../../lib/access.tsx';
import { getSubPage, subKeys, useMerchantRoleMutations, useRoles, useSubAccountMutations } from '../api/subaccount.ts';
import { MerchantRoleForm } from '../components/lazy-dialogs.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { pagePath } from '../../../../lib/page-registry.ts';

const fmt = (iso: string | null) => formatDateTime(iso);

function SubList() {
  const navigate = useNavigate();
  const { setStatus: status, remove: del } = useSubAccountMutations();
  const roles = useRoles();
  const { confirmDelete } = useConfirm();
  const columns: ColumnsType<SubAccount> = [
    { title: '姓名', dataIndex: 'nickName', width: 120 },
    { title: '手机号', dataIndex: 'phone', width: 130 },
    { title: '账号名', dataIndex: 'loginName', width: 140 },
    { title: '角色', dataIndex: 'roleName', width: 130, render: (v: string | null) => (v ? <Tag>{v}</Tag> : '-') },
    {
      title: '可管理店铺',
      key: 'shops',
      width: 240,
      render: (_, r) =>
        r.shops ? r.shops.map((s) => <Tag key={s.id}>{s.name}</Tag>) : <Tag color="blue">全部店铺</Tag>,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (v: number, r) => (
        <StatusSwitch
          checked={v === 0}
          disabled={!hasPerm('merchant:subaccount:status') || !r.manageable}
          confirmText={v === 0 ? `停用后「${r.nickName}」将立即退出登录，确定停用吗？` : undefined}
          onChange={(on) => status.mutateAsync({ id: r.id, status: on ? 0 : 1 })}
        />
      ),
    },
    { title: '最近登录', dataIndex: 'lastLoginAt', width: 150, render: fmt },
    {
      title: '操作',
      key: 'op',
      fixed: 'right',
      width: 170,
      // An account beyond the caller's own codes or shops (or the caller itself) cannot be managed here.
      render: (_, r) =>
        !r.manageable ? (
          <Typography.Text type="secondary" style={{ paddingLeft: 8 }}>
            无权管理
          </Typography.Text>
        ) : (
          <Space size={0}>
            <Auth perm="merchant:subaccount:query">
              <Button type="link" size="small" onClick={() => navigate(pagePath('account.subDetail', { id: r.id }))}>
                详情
              </Button>
            </Auth>
            <Auth perm="merchant:subaccount:edit">
              <Button type="link" size="small" onClick={() => navigate(pagePath('account.subForm', { id: r.id }))}>
                编辑
              </Button>
            </Auth>
            <Auth perm="merchant:subaccount:del">
              <Button
                type="link"
                size="small"
                danger
                onClick={async () => {
                  if (await confirmDelete(`确认删除子账号「${r.nickName}」吗？删除后该账号立即退出且无法登录。`))
                    await del.mutateAsync([r.id]).catch(() => undefined);
                }}
              >
                删除
              </Button>
            </Auth>
          </Space>
        ),
    },
  ];
  return (
    <DataTable
      queryKey={subKeys.all}
      emptyAction={
        <EmptyAction perm="merchant:subaccount:add" onClick={() => navigate(pagePath('account.subForm'))}>
          添加第一个子账号
        </EmptyAction>
      }
      fetcher={getSubPage}
      columns={columns}
      rowKey="id"
      search={[
        { name: 'keyword', label: '姓名/手机号', width: 180 },
        {
          name: 'roleId',
          label: '角色',
          type: 'select',
          width: 150,
          options: (roles.data ?? []).map((r) => ({ label: r.name, value: r.id })),
          query: roles,
        },
        {
          name: 'status',
          label: '状态',
          type: 'select',
          width: 120,
          options: [
            { label: '正常', value: 0 },
            { label: '停用', value: 1 },
          ],
        },
      ]}
      toolbar={() => (
        <Auth perm="merchant:subaccount:add">
          <Button type="primary" onClick={() => navigate(pagePath('account.subForm'))}>
            新增账号
          </Button>
        </Auth>
      )}
      scrollX={1300}
    />
  );
}

function RoleList() {
  const roles = useRoles();
  const { remove: del } = useMerchantRoleMutations();
  const { confirmDelete } = useConfirm();
  const [editing, setEditing] = useState<MerchantRole | null | 'new'>(null);
  // A merchant has a handful of roles: role/list answers them all; search and pages are done here.
  const [keyword, setKeyword] = useState('');
  const rows = (roles.data ?? []).filter((r) => !keyword || r.name.includes(keyword) || r.remark?.includes(keyword));
  const columns: ColumnsType<MerchantRole> = [
    { title: '角色名称', dataIndex: 'name', width: 160 },
    { title: '备注', dataIndex: 'remark', ellipsis: true, render: (v: string | null) => v ?? '-' },
    { title: '权限项', key: 'n', width: 100, render: (_, r) => r.menuIds.length },
    { title: '账号数', dataIndex: 'userCount', width: 100 },
    { title: '创建时间', dataIndex: 'createdAt', width: 160, render: fmt },
    {
      title: '操作',
      key: 'op',
      width: 140,
      render: (_, r) => (
        <Auth perm="merchant:subaccount:role">
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing(r)}>
              编辑
            </Button>
            <Button
              type="link"
              size="small"
              danger
              onClick={async () => {
                if (await confirmDelete(`确认删除角色「${r.name}」吗？`))
                  await del.mutateAsync(r.id).catch(() => undefined);
              }}
            >
              删除
            </Button>
          </Space>
        </Auth>
      ),
    },
  ];
  return (
    <Card className="jz-card" variant="borderless">
      <Space style={{ marginBottom: 16 }} wrap>
        <Auth perm="merchant:subaccount:role">
          <Button type="primary" onClick={() => setEditing('new')}>
            新增角色
          </Button>
        </Auth>
        <Input.Search
          allowClear
          aria-label="搜索角色"
          placeholder="角色名称/备注"
          style={{ width: 220 }}
          onChange={(e) => setKeyword(e.target.value.trim())}
          onSearch={(v) => setKeyword(v.trim())}
        />
      </Space>
      <Table
        rowKey="id"
        dataSource={rows}
        columns={columns}
        pagination={{
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (n) => `共 ${n} 条`,
          hideOnSinglePage: false,
        }}
        {...tableStates(roles, {
          empty: keyword ? `没有名称或备注包含「${keyword}」的角色` : '暂无角色，新增角色后可分配给子账号',
        })}
      />
      <MerchantRoleForm
        open={editing !== null}
        role={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
    </Card>
  );
}

/** 子账号与权限 (/zizhanghaoyuquanxian): the merchant's sub-accounts and its roles. */
export default function SubAccountPage() {
  const [sp, setSp] = useSearchParams();
  return (
    <Tabs
      activeKey={sp.get('tab') === 'role' ? 'role' : 'sub'}
      onChange={(k) => setSp(k === 'role' ? { tab: 'role' } : {})}
      items={[
        { key: 'sub', label: '子账号', children: <SubList /> },
        { key: 'role', label: '角色权限', children: <RoleList /> },
      ]}
    />
  );
}
