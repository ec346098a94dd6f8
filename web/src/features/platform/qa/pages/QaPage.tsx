import type { Qa } from '@jz/contracts/qa';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { EmptyAction } from '../../../../components/EmptyAction.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { useCrudDelete } from '../../../../components/data-table/useCrudDelete.ts';
import { CrudToolbar } from '../../../../components/data-table/CrudToolbar.tsx';
import { CrudRowActions } from '../../../../components/data-table/CrudRowActions.tsx';
import { StatusSwitch } from '../../../../components/StatusSwitch.tsx';
import { hasPerm } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { getQaPage, qaKeys, useQaMutations } from '../api/qa.ts';
import { QaForm } from '../components/lazy-dialogs.ts';
import { formatDateTime } from '../../../../lib/format.ts';

/** 常见问题: questions and rich-text answers by category, shown to merchants when enabled. */
export default function QaPage() {
  const { add, edit, remove } = useQaMutations();
  const [editing, setEditing] = useState<Partial<Qa> | null>(null);
  const del = useCrudDelete(remove.mutateAsync, (n) => `确认要删除选中的 ${n} 个问题吗？`);
  const columns: ColumnsType<Qa> = [
    { title: '编号', dataIndex: 'id', width: 70 },
    { title: '问题', dataIndex: 'question' },
    {
      title: '分类',
      dataIndex: 'category',
      width: 120,
      render: (v: string) => <DictTag type="qa_category" value={v} />,
    },
    { title: '排序', dataIndex: 'sort', width: 70 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (s: number, r) => (
        <StatusSwitch
          checked={s === 0}
          disabled={!hasPerm('platform:qa:edit')}
          onChange={(on) => edit.mutateAsync({ id: r.id, status: on ? 0 : 1 })}
        />
      ),
    },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      width: 160,
      render: (t: string) => formatDateTime(t),
    },
    {
      title: '操作',
      key: 'op',
      width: 120,
      render: (_, r) => (
        <CrudRowActions
          size={4}
          edit={{ perm: 'platform:qa:edit', onClick: () => setEditing(r) }}
          del={{ perm: 'platform:qa:del', onClick: () => del([r.id]) }}
        />
      ),
    },
  ];
  return (
    <>
      <DataTable<Qa>
        title="常见问题"
        queryKey={qaKeys.all}
        emptyAction={
          <EmptyAction perm="platform:qa:add" onClick={() => setEditing({})}>
            添加第一个问题
          </EmptyAction>
        }
        fetcher={getQaPage}
        columns={columns}
        selectable
        search={[
          { name: 'question', label: '问题' },
          { name: 'category', label: '分类', type: 'dict', dict: 'qa_category' },
          { name: 'status', label: '状态', type: 'dict', dict: 'sys_normal_disable' },
        ]}
        toolbar={(ctx) => (
          <CrudToolbar
            {...ctx}
            add={{ perm: 'platform:qa:add', onClick: () => setEditing({}) }}
            del={{ perm: 'platform:qa:del', onDelete: del }}
          />
        )}
      />
      <QaForm
        open={editing !== null}
        initial={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={(v) => (editing?.id ? edit.mutateAsync({ ...v, id: editing.id }) : add.mutateAsync(v))}
      />
    </>
  );
}
