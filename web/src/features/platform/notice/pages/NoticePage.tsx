import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Notice } from '@jz/contracts/notice';
import { Button, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useConfirm } from '../../../../components/confirm.ts';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { StatusSwitch } from '../../../../components/StatusSwitch.tsx';
import { Auth, hasPerm } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { getNoticePage, noticeKeys, useNoticeMutations } from '../api/notices.ts';
import { NoticeForm } from '../components/NoticeForm.tsx';

/** 通知公告: what merchants read in their console once the publish time has come. */
export default function NoticePage() {
  const { add, edit, remove } = useNoticeMutations();
  const { confirmDelete } = useConfirm();
  const [editing, setEditing] = useState<Partial<Notice> | null>(null);
  const del = async (ids: number[], clear?: () => void) => {
    if (!(await confirmDelete(ids.length > 1 ? `确认要删除选中的 ${ids.length} 条公告吗?` : undefined))) return;
    await remove.mutateAsync(ids);
    clear?.();
  };
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
          {dayjs(v).format('YYYY-MM-DD HH:mm')}
          {dayjs(v).isAfter(dayjs()) && <Tag color="blue">定时</Tag>}
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
      render: (t: string) => dayjs(t).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'op',
      width: 120,
      render: (_, r) => (
        <Space size={4}>
          <Auth perm="platform:notice:edit">
            <RowAction onClick={() => setEditing(r)}>编辑</RowAction>
          </Auth>
          <Auth perm="platform:notice:del">
            <RowAction danger onClick={() => del([r.id])}>
              删除
            </RowAction>
          </Auth>
        </Space>
      ),
    },
  ];
  return (
    <>
      <DataTable<Notice>
        title="通知公告"
        queryKey={noticeKeys.all}
        fetcher={getNoticePage}
        columns={columns}
        selectable
        search={[
          { name: 'title', label: '标题' },
          { name: 'type', label: '类型', type: 'dict', dict: 'notice_type' },
          { name: 'status', label: '状态', type: 'dict', dict: 'sys_normal_disable' },
        ]}
        toolbar={({ selectedRowKeys, clearSelection }) => (
          <>
            <Auth perm="platform:notice:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
                新增
              </Button>
            </Auth>
            <Auth perm="platform:notice:del">
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={!selectedRowKeys.length}
                onClick={() => del(selectedRowKeys as number[], clearSelection)}
              >
                批量删除
              </Button>
            </Auth>
          </>
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
