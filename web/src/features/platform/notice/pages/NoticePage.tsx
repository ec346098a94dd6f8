import type { Notice } from '@jz/contracts/notice';
import { Space, Tag } from 'antd';
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
import { getNoticePage, noticeKeys, useNoticeMutations } from '../api/notice.ts';
import { NoticeForm } from '../components/lazy-dialogs.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { businessNow, toBusiness } from '../../../../lib/zone.ts';

/** 通知公告: what merchants read in their console once the publish time has come. */
export default function NoticePage() {
  const { add, edit, remove } = useNoticeMutations();
  const [editing, setEditing] = useState<Partial<Notice> | null>(null);
  const del = useCrudDelete(remove.mutateAsync, (n) => `确认要删除选中的 ${n} 条公告吗？`);
  const columns: ColumnsType<Notice> = [
    { title: '编号', dataIndex: 'id', width: 70 },
    { title: '标题', dataIndex: 'title' },
    { title: '类型', dataIndex: 'type', width: 90, render: (v: string) => <DictTag type="notice_type" value={v} /> },
    {
      title: '发布时间',
      dataIndex: 'publishedAt',
      width: 200,
      render: (v: string) => (
        <Space>
          {formatDateTime(v)}
          {toBusiness(v)?.isAfter(businessNow()) && <Tag color="blue">定时</Tag>}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (s: number, r) => (
        <StatusSwitch
          checked={s === 0}
          disabled={!hasPerm('platform:notice:edit')}
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
          edit={{ perm: 'platform:notice:edit', onClick: () => setEditing(r) }}
          del={{ perm: 'platform:notice:del', onClick: () => del([r.id]) }}
        />
      ),
    },
  ];
  return (
    <>
      <DataTable<Notice>
        title="通知公告"
        queryKey={noticeKeys.all}
        emptyAction={
          <EmptyAction perm="platform:notice:add" onClick={() => setEditing({})}>
            发布第一条公告
          </EmptyAction>
        }
        fetcher={getNoticePage}
        columns={columns}
        selectable
        search={[
          { name: 'title', label: '标题' },
          { name: 'type', label: '类型', type: 'dict', dict: 'notice_type' },
          { name: 'status', label: '状态', type: 'dict', dict: 'sys_normal_disable' },
        ]}
        toolbar={(ctx) => (
          <CrudToolbar
            {...ctx}
            add={{ perm: 'platform:notice:add', onClick: () => setEditing({}) }}
            del={{ perm: 'platform:notice:del', onDelete: del }}
          />
        )}
      />
      <NoticeForm
        open={editing !== null}
        initial={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={(v) => (editing?.id ? edit.mutateAsync({ ...v, id: editing.id }) : add.mutateAsync(v))}
      />
    </>
  );
}
