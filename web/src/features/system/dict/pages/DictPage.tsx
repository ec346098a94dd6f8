import type { DictType } from '@jz/contracts/dict';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CopyText } from '../../../../components/CopyText.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { EmptyAction } from '../../../../components/EmptyAction.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { useCrudDelete } from '../../../../components/data-table/useCrudDelete.ts';
import { CrudToolbar } from '../../../../components/data-table/CrudToolbar.tsx';
import { CrudRowActions } from '../../../../components/data-table/CrudRowActions.tsx';
import { StatusSwitch } from '../../../../components/StatusSwitch.tsx';
import { hasPerm } from '../../../../lib/access.tsx';
import { dictTypeKeys, getDictTypePage, useDictTypeMutations } from '../api/dict.ts';
import { DictTypeForm } from '../components/lazy-dialogs.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { pagePath } from '../../../../lib/page-registry.ts';

/** 字典管理: dictionary types. The pattern every CRUD list of the console follows. */
export default function DictPage() {
  const navigate = useNavigate();
  const { add, edit, remove } = useDictTypeMutations();
  const [editing, setEditing] = useState<Partial<DictType> | null>(null);

  const del = useCrudDelete(remove.mutateAsync, (n) => `确认要删除选中的 ${n} 个字典吗？其字典数据将一并删除。`);

  const columns: ColumnsType<DictType> = [
    { title: '编号', dataIndex: 'id', width: 80 },
    { title: '字典名称', dataIndex: 'name' },
    {
      title: '字典类型',
      dataIndex: 'type',
      render: (t: string) => <CopyText text={t} />,
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 110,
      render: (s: number, r) => (
        <StatusSwitch
          checked={s === 0}
          disabled={!hasPerm('sys:dict:edit')}
          onChange={(on) => edit.mutateAsync({ id: r.id, status: on ? 0 : 1 })}
        />
      ),
    },
    { title: '备注', dataIndex: 'remark', ellipsis: true },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 180,
      render: (t: string) => formatDateTime(t, { seconds: true }),
    },
    {
      title: '操作',
      key: 'op',
      width: 200,
      render: (_, r) => (
        <CrudRowActions
          edit={{ perm: 'sys:dict:edit', onClick: () => setEditing(r) }}
          del={{ perm: 'sys:dict:del', onClick: () => del([r.id]) }}
        >
          <RowAction onClick={() => navigate(pagePath('sys.dictData', { dictType: r.type }))}>数据</RowAction>
        </CrudRowActions>
      ),
    },
  ];

  return (
    <>
      <DataTable<DictType>
        title="字典管理"
        queryKey={dictTypeKeys.all}
        emptyAction={
          <EmptyAction perm="sys:dict:add" onClick={() => setEditing({})}>
            添加第一个字典
          </EmptyAction>
        }
        fetcher={getDictTypePage}
        columns={columns}
        selectable
        search={[
          { name: 'name', label: '字典名称' },
          { name: 'type', label: '字典类型' },
          { name: 'status', label: '状态', type: 'dict', dict: 'sys_normal_disable' },
        ]}
        toolbar={(ctx) => (
          <CrudToolbar
            {...ctx}
            add={{ perm: 'sys:dict:add', onClick: () => setEditing({}) }}
            del={{ perm: 'sys:dict:del', onDelete: del }}
          />
        )}
      />
      <DictTypeForm
        open={editing !== null}
        initial={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={(v) => (editing?.id ? edit.mutateAsync({ ...v, id: editing.id }) : add.mutateAsync(v))}
      />
    </>
  );
}
