import { FileOutlined, FilePdfOutlined, FileWordOutlined, LinkOutlined, PlaySquareOutlined } from '@ant-design/icons';
import { RESOURCE_TYPE_LABELS, RESOURCE_TYPES } from '@jz/contracts/constants/resource';
import type { Resource } from '@jz/contracts/resource';
import { Button, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { CopyText } from '../../../../components/CopyText.tsx';
import { CrudToolbar } from '../../../../components/data-table/CrudToolbar.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { useCrudDelete } from '../../../../components/data-table/useCrudDelete.ts';
import { PreviewModal } from '../../../../components/preview/PreviewModal.tsx';
import { ACCEPT_ALL, formatBytes } from '../../../../components/upload/file-rules.ts';
import { FileUpload } from '../../../../components/upload/FileUpload.tsx';
import { fileUrl } from '../../../../components/upload/upload-api.ts';
import { Auth } from '../../../../lib/access.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { getResourcePage, resourceKeys, useResourceMutations } from '../api/resource.ts';
import { ResourceForm } from '../components/lazy-dialogs.ts';

const NONE: string[] = [];
const TYPE_COLORS: Record<string, string> = {
  image: 'blue',
  video: 'purple',
  pdf: 'red',
  office: 'green',
  link: 'default',
};
const TYPE_ICONS: Record<string, ReactNode> = {
  video: <PlaySquareOutlined />,
  pdf: <FilePdfOutlined />,
  office: <FileWordOutlined />,
  link: <LinkOutlined />,
};

/** 资源管理: every upload (and hand-added link); search by name and type, preview, rename, delete (removes the file). */
export default function ResourcePage() {
  const { rename, remove, addLink, refresh } = useResourceMutations();
  const [preview, setPreview] = useState<Resource | null>(null);
  const [form, setForm] = useState<{ mode: 'link' | 'rename'; row?: Resource } | null>(null);

  const del = useCrudDelete(
    remove.mutateAsync,
    (n) => `确认要删除选中的 ${n} 个资源吗？文件将一并删除。`,
    '确认要删除吗？文件将一并删除。',
  );

  const columns: ColumnsType<Resource> = [
    {
      title: '预览',
      dataIndex: 'url',
      width: 90,
      render: (url: string, r) =>
        r.type === 'image' ? (
          <img
            src={fileUrl(url)}
            alt={r.name}
            style={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 4, cursor: 'pointer' }}
            onClick={() => setPreview(r)}
          />
        ) : (
          <span style={{ fontSize: 28, color: '#8c8c8c' }}>{TYPE_ICONS[r.type] ?? <FileOutlined />}</span>
        ),
    },
    { title: '资源名称', dataIndex: 'name', ellipsis: true },
    {
      title: '类型',
      dataIndex: 'type',
      width: 100,
      render: (t: Resource['type']) => <Tag color={TYPE_COLORS[t]}>{RESOURCE_TYPE_LABELS[t] ?? t}</Tag>,
    },
    {
      title: '大小',
      dataIndex: 'size',
      width: 100,
      render: (n: number, r) => (r.type === 'link' ? '-' : formatBytes(n)),
    },
    { title: '目录', dataIndex: 'rootPath', width: 120, render: (p: string | null) => p ?? '-' },
    {
      title: '地址',
      dataIndex: 'url',
      width: 260,
      ellipsis: true,
      render: (u: string) => <CopyText text={u.startsWith('/') ? `${window.location.origin}${fileUrl(u)}` : u} />,
    },
    { title: '上传人', dataIndex: 'uploaderName', width: 110, render: (n: string | null) => n ?? '-' },
    {
      title: '上传时间',
      dataIndex: 'createdAt',
      width: 170,
      render: (t: string) => formatDateTime(t, { seconds: true }),
    },
    {
      title: '操作',
      key: 'op',
      width: 170,
      render: (_, r) => (
        <Space>
          {r.type === 'link' ? (
            <Button type="link" size="small" href={r.url} target="_blank" rel="noopener noreferrer">
              打开
            </Button>
          ) : (
            <Button type="link" size="small" onClick={() => setPreview(r)}>
              预览
            </Button>
          )}
          <Auth perm="sys:resource:edit">
            <Button type="link" size="small" onClick={() => setForm({ mode: 'rename', row: r })}>
              重命名
            </Button>
          </Auth>
          <Auth perm="sys:resource:del">
            <Button type="link" size="small" danger onClick={() => del([r.id])}>
              删除
            </Button>
          </Auth>
        </Space>
      ),
    },
  ];

  return (
    <>
      <DataTable<Resource>
        title="资源管理"
        queryKey={resourceKeys.all}
        fetcher={getResourcePage}
        columns={columns}
        selectable
        search={[
          { name: 'name', label: '资源名称' },
          {
            name: 'type',
            label: '类型',
            type: 'select',
            options: RESOURCE_TYPES.map((t) => ({ label: RESOURCE_TYPE_LABELS[t], value: t })),
          },
        ]}
        toolbar={(ctx) => (
          <CrudToolbar {...ctx} del={{ perm: 'sys:resource:del', onDelete: del }}>
            <Auth perm="sys:resource:add">
              {/* Each upload becomes a record by itself; the widget only needs to refresh the list. */}
              <FileUpload
                rootPath="resource"
                accept={ACCEPT_ALL}
                maxSize="30m"
                limit={100}
                listType="text"
                buttonText="上传文件"
                value={NONE}
                onUploaded={() => refresh()}
              />
            </Auth>
            <Auth perm="sys:resource:add">
              <Button icon={<LinkOutlined />} onClick={() => setForm({ mode: 'link' })}>
                添加链接
              </Button>
            </Auth>
          </CrudToolbar>
        )}
      />
      <PreviewModal
        open={!!preview}
        url={preview?.url}
        kind={
          preview?.type === 'image' || preview?.type === 'video' || preview?.type === 'pdf' ? preview.type : 'other'
        }
        title={preview?.name}
        onClose={() => setPreview(null)}
      />
      <ResourceForm
        open={!!form}
        mode={form?.mode ?? 'link'}
        initial={form?.row ? { name: form.row.name } : undefined}
        onClose={() => setForm(null)}
        onSubmit={(v) =>
          form?.mode === 'rename' && form.row
            ? rename.mutateAsync({ id: form.row.id, name: v.name })
            : addLink.mutateAsync({ name: v.name, url: v.url ?? '' })
        }
      />
    </>
  );
}
