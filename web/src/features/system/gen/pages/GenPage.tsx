import { CloudDownloadOutlined, ImportOutlined } from '@ant-design/icons';
import type { GenTable } from '@jz/contracts/gen';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useConfirm } from '../../../../components/confirm.ts';
import { CopyText } from '../../../../components/CopyText.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { EmptyAction } from '../../../../components/EmptyAction.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { CrudToolbar } from '../../../../components/data-table/CrudToolbar.tsx';
import { useCrudDelete } from '../../../../components/data-table/useCrudDelete.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { Auth } from '../../../../lib/access.tsx';
import { notify } from '../../../../lib/notify.ts';
import { genKeys, getGenSettings, getGenTablePage, useGenMutations } from '../api/gen.ts';
import { DownloadAction } from '../components/DownloadAction.tsx';
import { GenEditDialog } from '../components/lazy-dialogs.ts';
import { ImportDialog } from '../components/ImportDialog.tsx';
import { PreviewDialog } from '../components/PreviewDialog.tsx';
import { formatDateTime } from '../../../../lib/format.ts';

const NOT_ENABLED = '仅在开发环境（NODE_ENV=development）且 GEN_WRITE_ENABLED=true 时可生成到源码目录';

/** 代码生成: imported tables; import, edit, preview, download, generate, sync, delete. */
export default function GenPage() {
  const { remove, sync, generate } = useGenMutations();
  const { confirmWarning } = useConfirm();
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [previewing, setPreviewing] = useState<GenTable | null>(null);
  const settings = useQuery({ queryKey: [...genKeys.all, 'settings'], queryFn: getGenSettings });
  const writeEnabled = Boolean(settings.data?.writeEnabled);

  const del = useCrudDelete(remove.mutateAsync, (n) => `确认要删除选中的 ${n} 张表的生成配置吗？`);

  const doSync = async (t: GenTable) => {
    if (!(await confirmWarning(`确认要按数据库中的表「${t.tableName}」同步字段吗？已删除的字段将移除其配置。`))) return;
    await sync.mutateAsync(t.id);
  };

  const doGenerate = async (t: GenTable) => {
    if (!(await confirmWarning(`确认要将「${t.functionName}」的代码生成到项目源码目录吗？`))) return;
    try {
      const r = await generate.mutateAsync({ id: t.id });
      notify.success(`已生成 ${r.written.length} 个文件，重启服务后生效`);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      if (e.code === 2004 && e.message.includes('已存在')) {
        if (!(await confirmWarning(`${e.message}`))) return;
        const r = await generate.mutateAsync({ id: t.id, overwrite: true });
        notify.success(`已生成 ${r.written.length} 个文件（覆盖 ${r.overwritten.length} 个），重启服务后生效`);
      } else notify.warning(e.message);
    }
  };

  const columns: ColumnsType<GenTable> = [
    { title: '编号', dataIndex: 'id', width: 80 },
    { title: '表名称', dataIndex: 'tableName', render: (v: string) => <CopyText text={v} /> },
    { title: '表描述', dataIndex: 'tableComment', ellipsis: true },
    { title: '实体', dataIndex: 'className' },
    { title: '功能名', dataIndex: 'functionName' },
    {
      title: '更新时间',
      dataIndex: 'updatedAt',
      width: 180,
      render: (v: string) => formatDateTime(v, { seconds: true }),
    },
    {
      title: '操作',
      key: 'op',
      width: 330,
      render: (_, r) => (
        <Space size={10} wrap>
          <Auth perm="sys:gen:preview">
            <RowAction onClick={() => setPreviewing(r)}>预览</RowAction>
          </Auth>
          <Auth perm="sys:gen:edit">
            <RowAction onClick={() => setEditing(r.id)}>编辑</RowAction>
          </Auth>
          <Auth perm="sys:gen:edit">
            <RowAction onClick={() => doSync(r)}>同步</RowAction>
          </Auth>
          <Auth perm="sys:gen:preview">
            <DownloadAction table={r} />
          </Auth>
          <Auth perm="sys:gen:code">
            <Tooltip title={writeEnabled ? undefined : NOT_ENABLED}>
              <span>
                <RowAction disabled={!writeEnabled} onClick={() => doGenerate(r)}>
                  生成代码
                </RowAction>
              </span>
            </Tooltip>
          </Auth>
          <Auth perm="sys:gen:del">
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
      <DataTable<GenTable>
        title="代码生成"
        queryKey={genKeys.all}
        emptyAction={
          <EmptyAction perm="sys:gen:import" onClick={() => setImporting(true)}>
            导入第一张表
          </EmptyAction>
        }
        fetcher={getGenTablePage}
        columns={columns}
        selectable
        search={[
          { name: 'tableName', label: '表名称' },
          { name: 'tableComment', label: '表描述' },
        ]}
        toolbar={(ctx) => (
          <>
            <CrudToolbar
              {...ctx}
              add={{
                perm: 'sys:gen:import',
                onClick: () => setImporting(true),
                text: '导入',
                icon: <ImportOutlined />,
              }}
              del={{ perm: 'sys:gen:del', onDelete: del }}
            />
            {!writeEnabled && (
              <Tooltip title={NOT_ENABLED}>
                <Button icon={<CloudDownloadOutlined />} disabled>
                  未开启写入源码
                </Button>
              </Tooltip>
            )}
          </>
        )}
      />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
      {editing !== null && <GenEditDialog id={editing} onClose={() => setEditing(null)} />}
      {previewing && <PreviewDialog table={previewing} onClose={() => setPreviewing(null)} />}
    </>
  );
}
