import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { DictType } from '@jz/contracts/dict';
import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../../../components/confirm.ts';
import { CopyText } from '../../../../components/CopyText.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { StatusSwitch } from '../../../../components/StatusSwitch.tsx';
import { Auth, hasPerm } from '../../../../lib/access.tsx';
import { dictTypeKeys, getDictTypePage, useDictTypeMutations } from '../api/dict-types.ts';
import { DictTypeForm } from '../components/DictTypeForm.tsx';

/** 字典管理: dictionary types. The pattern every CRUD list of the console follows. */
export default function DictPage() {
  const navigate = useNavigate();
  const { add, edit, remove } = useDictTypeMutations();
  const { confirmDelete } = useConfirm();
  const [editing, setEditing] = useState<Partial<DictType> | null>(null);

  const del = async (ids: number[], clear?: () => void) => {
    if (
      !(await confirmDelete(
        ids.length > 1 ? `确认要删除选中的 ${ids.length} 个字典吗? 其字典数据将一并删除。` : undefined,
      ))
    )
      return;
    await remove.mutateAsync(ids);
    clear?.();
  };

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
      render: (t: string) => dayjs(t).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      title: '操作',
      key: 'op',
      width: 200,
      render: (_, r) => (
        <Space>
          <Auth perm="sys:dict:edit">
            <RowAction onClick={() => setEditing(r)}>编辑</RowAction>
          </Auth>
          <RowAction onClick={() => navigate(`/sys/dict/data?dictType=${encodeURIComponent(r.type)}`)}>数据</RowAction>
          <Auth perm="sys:dict:del">
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
      <DataTable<DictType>
        title="字典管理"
        queryKey={dictTypeKeys.all}
        fetcher={getDictTypePage}
        columns={columns}
        selectable
        search={[
          { name: 'name', label: '字典名称' },
          { name: 'type', label: '字典类型' },
          { name: 'status', label: '状态', type: 'dict', dict: 'sys_normal_disable' },
        ]}
        toolbar={({ selectedRowKeys, clearSelection }) => (
          <>
            <Auth perm="sys:dict:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
                新增
              </Button>
            </Auth>
            <Auth perm="sys:dict:del">
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
      <DictTypeForm
        open={editing !== null}
        initial={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={(v) => (editing?.id ? edit.mutateAsync({ ...v, id: editing.id }) : add.mutateAsync(v))}
      />
    </>
  );
}
