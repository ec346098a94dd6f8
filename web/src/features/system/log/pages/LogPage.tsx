import type { OplogRow } from '@jz/contracts/oplog';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useConfirm } from '../../../../components/confirm.ts';
import { CrudRowActions } from '../../../../components/data-table/CrudRowActions.tsx';
import { CrudToolbar } from '../../../../components/data-table/CrudToolbar.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { useCrudDelete } from '../../../../components/data-table/useCrudDelete.ts';
import { RowAction } from '../../../../components/RowAction.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { getLogPage, logKeys, useLogMutations, useLogTitles } from '../api/log.ts';
import { LogDetail } from '../components/lazy-dialogs.ts';

const TYPES = [
  { label: '新增', value: 'add' },
  { label: '修改', value: 'edit' },
  { label: '删除', value: 'delete' },
  { label: '授权', value: 'grant' },
  { label: '导出', value: 'export' },
  { label: '导入', value: 'import' },
  { label: '登录', value: 'login' },
  { label: '其他', value: 'other' },
];

/** 操作日志: every mutating call, written by declaration on the server with secrets redacted. */
export default function LogPage() {
  const titles = useLogTitles();
  const { remove } = useLogMutations();
  const { confirmDelete } = useConfirm();
  const [detail, setDetail] = useState<number | null>(null);
  const del = useCrudDelete(remove.mutateAsync);
  // The batch question names the count even for a single selected row.
  const delSelected = async (ids: number[], clear: () => void) => {
    if (!(await confirmDelete(`确认要删除选中的 ${ids.length} 条日志吗？`))) return;
    await remove.mutateAsync(ids);
    clear();
  };

  const columns: ColumnsType<OplogRow> = [
    { title: '编号', dataIndex: 'id', width: 80 },
    { title: '操作模块', dataIndex: 'title', width: 120 },
    {
      title: '类型',
      dataIndex: 'type',
      width: 80,
      render: (v: string) => TYPES.find((t) => t.value === v)?.label ?? v,
    },
    { title: '操作人', dataIndex: 'loginName', width: 130, render: (v: string | null) => v ?? '（未登录）' },
    { title: '请求地址', dataIndex: 'url', ellipsis: true, render: (v: string, r) => `${r.method} ${v}` },
    { title: 'IP', dataIndex: 'ip', width: 130 },
    {
      title: '结果',
      dataIndex: 'success',
      width: 80,
      render: (v: number) => (v ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>),
    },
    { title: '耗时', dataIndex: 'durationMs', width: 90, render: (v: number) => `${v} ms` },
    {
      title: '操作时间',
      dataIndex: 'createdAt',
      width: 170,
      render: (t: string) => formatDateTime(t, { seconds: true }),
    },
    {
      title: '操作',
      key: 'op',
      width: 110,
      render: (_, r) => (
        <CrudRowActions size={4} del={{ perm: 'sys:log:del', onClick: () => del([r.id]) }}>
          <RowAction onClick={() => setDetail(r.id)}>详情</RowAction>
        </CrudRowActions>
      ),
    },
  ];

  return (
    <>
      <DataTable<OplogRow>
        title="操作日志"
        queryKey={logKeys.all}
        fetcher={getLogPage}
        columns={columns}
        selectable
        scrollX={1300}
        search={[
          { name: 'loginName', label: '操作人' },
          {
            name: 'title',
            label: '操作模块',
            type: 'select',
            options: (titles.data ?? []).map((t) => ({ label: t, value: t })),
          },
          { name: 'type', label: '类型', type: 'select', options: TYPES, width: 120 },
          {
            name: 'success',
            label: '结果',
            type: 'select',
            width: 120,
            options: [
              { label: '成功', value: 1 },
              { label: '失败', value: 0 },
            ],
          },
          { name: 'createdAt', label: '操作时间', type: 'dateRange' },
        ]}
        toolbar={(ctx) => <CrudToolbar {...ctx} del={{ perm: 'sys:log:del', onDelete: delSelected }} />}
      />
      <LogDetail id={detail} onClose={() => setDetail(null)} />
    </>
  );
}
