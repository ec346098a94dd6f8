import type { SysRole } from '@jz/contracts/role';
import { Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { CopyText } from '../../../../components/CopyText.tsx';
import { EmptyAction } from '../../../../components/EmptyAction.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { useCrudDelete } from '../../../../components/data-table/useCrudDelete.ts';
import { CrudToolbar } from '../../../../components/data-table/CrudToolbar.tsx';
import { CrudRowActions } from '../../../../components/data-table/CrudRowActions.tsx';
import { StatusSwitch } from '../../../../components/StatusSwitch.tsx';
import { hasPerm } from '../../../../lib/access.tsx';
import { getRolePage, roleKeys, useRoleMutations } from '../api/role.ts';
import { RoleForm } from '../components/lazy-dialogs.ts';
import { formatDateTime } from '../../../../lib/format.ts';

/** 角色管理: platform roles and merchant role templates, with their menus and buttons. */
export default function RolePage() {
  const { add, edit, remove } = useRoleMutations();
  const [editing, setEditing] = useState<Partial<SysRole> | null>(null);

  const del = useCrudDelete(remove.mutateAsync, (n) => `确认要删除选中的 ${n} 个角色吗？`);

  const columns: ColumnsType<SysRole> = [
    { title: '编号', dataIndex: 'id', width: 70 },
    {
      title: '角色名称',
      dataIndex: 'name',
      render: (v: string, r) => (
        <Space>
          {v}
          {r.builtIn === 1 && <Tag color="gold">内置</Tag>}
        </Space>
      ),
    },
    { title: '角色编码', dataIndex: 'code', render: (v: string) => <CopyText text={v} /> },
    {
      title: '范围',
      dataIndex: 'scope',
      width: 90,
      render: (v: string) => (v === 'platform' ? <Tag color="purple">平台</Tag> : <Tag color="blue">商家</Tag>),
    },
    { title: '用户数', dataIndex: 'userCount', width: 80 },
    { title: '菜单数', key: 'menus', width: 80, render: (_, r) => (r.builtIn === 1 ? '全部' : r.menuIds.length) },
    { title: '排序', dataIndex: 'sort', width: 70 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (s: number, r) => (
        <StatusSwitch
          checked={s === 0}
          disabled={!hasPerm('sys:role:edit') || r.builtIn === 1}
          onChange={(on) => edit.mutateAsync({ id: r.id, status: on ? 0 : 1 })}
        />
      ),
    },
    { title: '备注', dataIndex: 'remark', ellipsis: true },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 160,
      render: (t: string) => formatDateTime(t),
    },
    {
      title: '操作',
      key: 'op',
      width: 140,
      render: (_, r) => (
        <CrudRowActions
          size={4}
          edit={{ perm: 'sys:role:edit', onClick: () => setEditing(r) }}
          del={{ perm: 'sys:role:del', onClick: () => del([r.id]), disabled: r.builtIn === 1 }}
        />
      ),
    },
  ];

  return (
    <>
      <DataTable<SysRole>
        title="角色管理"
        queryKey={roleKeys.all}
        emptyAction={
          <EmptyAction perm="sys:role:add" onClick={() => setEditing({})}>
            添加第一个角色
          </EmptyAction>
        }
        fetcher={getRolePage}
        columns={columns}
        selectable
        scrollX={1200}
        search={[
          { name: 'name', label: '角色名称' },
          { name: 'code', label: '角色编码' },
          {
            name: 'scope',
            label: '范围',
            type: 'select',
            options: [
              { label: '平台', value: 'platform' },
              { label: '商家', value: 'merchant' },
            ],
          },
          { name: 'status', label: '状态', type: 'dict', dict: 'sys_normal_disable' },
        ]}
        toolbar={(ctx) => (
          <CrudToolbar
            {...ctx}
            add={{ perm: 'sys:role:add', onClick: () => setEditing({}) }}
            del={{ perm: 'sys:role:del', onDelete: del }}
          />
        )}
      />
      <RoleForm
        open={editing !== null}
        initial={editing ? { ...editing, remark: editing.remark ?? undefined } : undefined}
        onClose={() => setEditing(null)}
        onSubmit={(v) => (editing?.id ? edit.mutateAsync({ ...v, id: editing.id }) : add.mutateAsync(v))}
      />
    </>
  );
}
