import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Qa } from '@jz/contracts/qa';
import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useConfirm } from '../../../../components/confirm.ts';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { StatusSwitch } from '../../../../components/StatusSwitch.tsx';
import { Auth, hasPerm } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { getQaPage, qaKeys, useQaMutations } from '../api/qa.ts';
import { QaForm } from '../components/QaForm.tsx';

/** 常见问题: questions and rich-text answers by category, shown to merchants when enabled. */
export default function QaPage() {
  const { add, edit, remove } = useQaMutations();
  const { confirmDelete } = useConfirm();
  const [editing, setEditing] = useState<Partial<Qa> | null>(null);
  const del = async (ids: number[], clear?: () => void) => {
    if (!(await confirmDelete(ids.length > 1 ? `确认要删除选中的 ${ids.length} 个问题吗?` : undefined))) return;
    await remove.mutateAsync(ids);
    clear?.();
  };
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
      render: (t: string) => dayjs(t).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: '操作',
      key: 'op',
      width: 120,
      render: (_, r) => (
        <Space size={4}>
          <Auth perm="platform:qa:edit">
            <RowAction onClick={() => setEditing(r)}>编辑</RowAction>
          </Auth>
          <Auth perm="platform:qa:del">
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
      <DataTable<Qa>
        title="常见问题"
        queryKey={qaKeys.all}
        fetcher={getQaPage}
        columns={columns}
        selectable
        search={[
          { name: 'question', label: '问题' },
          { name: 'category', label: '分类', type: 'dict', dict: 'qa_category' },
          { name: 'status', label: '状态', type: 'dict', dict: 'sys_normal_disable' },
        ]}
        toolbar={({ selectedRowKeys, clearSelection }) => (
          <>
            <Auth perm="platform:qa:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
                新增
              </Button>
            </Auth>
            <Auth perm="platform:qa:del">
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
      <QaForm
        open={editing !== null}
        initial={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={(v) => (editing?.id ? edit.mutateAsync({ ...v, id: editing.id }) : add.mutateAsync(v))}
      />
    </>
  );
}
