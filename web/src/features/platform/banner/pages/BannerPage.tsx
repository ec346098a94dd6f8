import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { Banner } from '@jz/contracts/banner';
import { Button, Image, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useConfirm } from '../../../../components/confirm.ts';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { StatusSwitch } from '../../../../components/StatusSwitch.tsx';
import { Auth, hasPerm } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { bannerKeys, getBannerPage, useBannerMutations } from '../api/banners.ts';
import { BannerForm } from '../components/BannerForm.tsx';

const fmt = (t: string | null) => (t ? dayjs(t).format('YYYY-MM-DD HH:mm') : '不限');

function windowState(b: Banner) {
  const now = new Date().toISOString();
  if (b.status !== 0) return <Tag>已停用</Tag>;
  if (b.startAt && b.startAt > now) return <Tag color="blue">未开始</Tag>;
  if (b.endAt && b.endAt <= now) return <Tag color="default">已结束</Tag>;
  return <Tag color="success">展示中</Tag>;
}

/** 轮播图: banners by position with a publish window. */
export default function BannerPage() {
  const { add, edit, remove } = useBannerMutations();
  const { confirmDelete } = useConfirm();
  const [editing, setEditing] = useState<Partial<Banner> | null>(null);
  const del = async (ids: number[], clear?: () => void) => {
    if (!(await confirmDelete(ids.length > 1 ? `确认要删除选中的 ${ids.length} 张轮播图吗?` : undefined))) return;
    await remove.mutateAsync(ids);
    clear?.();
  };
  const columns: ColumnsType<Banner> = [
    {
      title: '图片',
      dataIndex: 'imageUrl',
      width: 120,
      render: (v: string, r) => <Image src={v} alt={r.title} width={96} height={48} style={{ objectFit: 'cover' }} />,
    },
    { title: '标题', dataIndex: 'title' },
    {
      title: '位置',
      dataIndex: 'position',
      width: 130,
      render: (v: string) => <DictTag type="banner_position" value={v} />,
    },
    { title: '跳转链接', dataIndex: 'linkUrl', ellipsis: true, render: (v: string | null) => v ?? '-' },
    { title: '展示时间', key: 'window', width: 260, render: (_, r) => `${fmt(r.startAt)} ~ ${fmt(r.endAt)}` },
    { title: '展示状态', key: 'live', width: 100, render: (_, r) => windowState(r) },
    { title: '排序', dataIndex: 'sort', width: 70 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (s: number, r) => (
        <StatusSwitch
          checked={s === 0}
          disabled={!hasPerm('platform:banner:edit')}
          onChange={(on) => edit.mutateAsync({ id: r.id, status: on ? 0 : 1 })}
        />
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 120,
      render: (_, r) => (
        <Space size={4}>
          <Auth perm="platform:banner:edit">
            <RowAction onClick={() => setEditing(r)}>编辑</RowAction>
          </Auth>
          <Auth perm="platform:banner:del">
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
      <DataTable<Banner>
        title="轮播图"
        queryKey={bannerKeys.all}
        fetcher={getBannerPage}
        columns={columns}
        selectable
        scrollX={1300}
        search={[
          { name: 'title', label: '标题' },
          { name: 'position', label: '位置', type: 'dict', dict: 'banner_position' },
          { name: 'status', label: '状态', type: 'dict', dict: 'sys_normal_disable' },
        ]}
        toolbar={({ selectedRowKeys, clearSelection }) => (
          <>
            <Auth perm="platform:banner:add">
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
                新增
              </Button>
            </Auth>
            <Auth perm="platform:banner:del">
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
      <BannerForm
        open={editing !== null}
        initial={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={(v) => (editing?.id ? edit.mutateAsync({ ...v, id: editing.id }) : add.mutateAsync(v))}
      />
    </>
  );
}
