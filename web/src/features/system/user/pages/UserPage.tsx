import type { SysUser } from '@jz/contracts/user';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { CopyText } from '../../../../components/CopyText.tsx';
import { EmptyAction } from '../../../../components/EmptyAction.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { useCrudDelete } from '../../../../components/data-table/useCrudDelete.ts';
import { CrudToolbar } from '../../../../components/data-table/CrudToolbar.tsx';
import { CrudRowActions } from '../../../../components/data-table/CrudRowActions.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { StatusSwitch } from '../../../../components/StatusSwitch.tsx';
import { Auth, hasPerm } from '../../../../lib/access.tsx';
import { getUserInfo } from '../../../../lib/storage.ts';
import { getUserPage, userKeys, useUserMutations } from '../api/user.ts';
import { RePasswordForm, UserForm } from '../components/lazy-dialogs.ts';
import { formatDateTime } from '../../../../lib/format.ts';

const time = (t: string | null) => formatDateTime(t);

/** 用户管理: the platform's own users. Disabling one ends its sessions at once. */
export default function UserPage() {
  const { add, edit, remove, rePassword } = useUserMutations();
  const [editing, setEditing] = useState<Partial<SysUser> | null>(null);
  const [resetting, setResetting] = useState<SysUser | null>(null);
  const me = getUserInfo()?.id;

  const del = useCrudDelete(remove.mutateAsync, (n) => `确认要删除选中的 ${n} 个用户吗？`);

  const columns: ColumnsType<SysUser> = [
    { title: '编号', dataIndex: 'id', width: 70 },
    { title: '登录名', dataIndex: 'loginName', render: (v: string) => <CopyText text={v} /> },
    { title: '昵称', dataIndex: 'nickName' },
    { title: '手机号', dataIndex: 'phone', width: 140, render: (v: string) => <CopyText text={v} /> },
    {
      title: '角色',
      dataIndex: 'roleNames',
      render: (v: string) => (v ? v.split(',').map((n) => <Tag key={n}>{n}</Tag>) : '-'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (s: number, r) => (
        <StatusSwitch
          checked={s === 0}
          disabled={!hasPerm('sys:user:edit') || r.id === me}
          confirmText={s === 0 ? `确定停用「${r.nickName}」吗？停用后其登录会立即失效。` : undefined}
          onChange={(on) => edit.mutateAsync({ id: r.id, status: on ? 0 : 1 })}
        />
      ),
    },
    { title: '最近登录', dataIndex: 'lastLoginAt', width: 150, render: time },
    { title: '创建时间', dataIndex: 'createdAt', width: 150, render: time },
    {
      title: '操作',
      key: 'op',
      width: 200,
      render: (_, r) => (
        <CrudRowActions
          size={4}
          edit={{ perm: 'sys:user:edit', onClick: () => setEditing(r) }}
          del={{ perm: 'sys:user:del', onClick: () => del([r.id]), disabled: r.id === me }}
        >
          <Auth perm="sys:user:rePassword">
            <RowAction onClick={() => setResetting(r)}>重置密码</RowAction>
          </Auth>
        </CrudRowActions>
      ),
    },
  ];

  return (
    <>
      <DataTable<SysUser>
        title="用户管理"
        queryKey={userKeys.all}
        emptyAction={
          <EmptyAction perm="sys:user:add" onClick={() => setEditing({})}>
            添加第一位用户
          </EmptyAction>
        }
        fetcher={getUserPage}
        columns={columns}
        selectable
        scrollX={1200}
        search={[
          { name: 'loginName', label: '登录名' },
          { name: 'nickName', label: '昵称' },
          { name: 'phone', label: '手机号' },
          { name: 'status', label: '状态', type: 'dict', dict: 'sys_normal_disable' },
        ]}
        toolbar={(ctx) => (
          <CrudToolbar
            {...ctx}
            add={{ perm: 'sys:user:add', onClick: () => setEditing({}) }}
            del={{ perm: 'sys:user:del', onDelete: del }}
          />
        )}
      />
      <UserForm
        open={editing !== null}
        initial={editing ? { ...editing, password: undefined } : undefined}
        onClose={() => setEditing(null)}
        onSubmit={(v) => (editing?.id ? edit.mutateAsync({ ...v, id: editing.id }) : add.mutateAsync(v))}
      />
      <RePasswordForm user={resetting} onClose={() => setResetting(null)} onSubmit={(v) => rePassword.mutateAsync(v)} />
    </>
  );
}
