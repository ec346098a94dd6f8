import type { Banner } from '@jz/contracts/banner';
import { Image, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { CrudRowActions } from '../../../../components/data-table/CrudRowActions.tsx';
import { CrudToolbar } from '../../../../components/data-table/CrudToolbar.tsx';
import { EmptyAction } from '../../../../components/EmptyAction.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { useCrudDelete } from '../../../../components/data-table/useCrudDelete.ts';
import { StatusSwitch } from '../../../../components/StatusSwitch.tsx';
import { hasPerm } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { bannerKeys, getBannerPage, useBannerMutations } from '../api/banner.ts';
import { BannerForm } from '../components/lazy-dialogs.ts';
import { businessNow } from '../../../../lib/zone.ts';

const fmt = (t: string | null) => (t ? formatDateTime(t) : '不限');

function windowState(b: Banner) {
  const now = businessNow().toISOString();
  if (b.status !== 0) return <Tag>已停用</Tag>;
  if (b.startAt && b.startAt > now) return <Tag color="blue">未开始</Tag>;
  if (b.endAt && b.endAt <= now) return <Tag color="default">已结束</Tag>;
  return <Tag color="success">展示中</Tag>;
}

/** 轮播图: banners by position with a publish window. */
export default function BannerPage() {
  const { add, edit, remove } = useBannerMutations();
  const [editing, setEditing] = useState<Partial<Banner> | null>(null);
  const del = useCrudDelete(remove.mutateAsync, (n) => `确认要删除选中的 ${n} 张轮播图吗？`);
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
        <CrudRowActions
          size={4}
          edit={{ perm: 'platform:banner:edit', onClick: () => setEditing(r) }}
          del={{ perm: 'platform:banner:del', onClick: () => del([r.id]) }}
        />
      ),
    },
  ];
  return (
    <>
      <DataTable<Banner>
        title="轮播图"
        queryKey={bannerKeys.all}
        emptyAction={
          <EmptyAction perm="platform:banner:add" onClick={() => setEditing({})}>
            添加第一张轮播图
          </EmptyAction>
        }
        fetcher={getBannerPage}
        columns={columns}
        selectable
        scrollX={1300}
        search={[
          { name: 'title', label: '标题' },
          { name: 'position', label: '位置', type: 'dict', dict: 'banner_position' },
          { name: 'status', label: '状态', type: 'dict', dict: 'sys_normal_disable' },
        ]}
        toolbar={(ctx) => (
          <CrudToolbar
            {...ctx}
            add={{ perm: 'platform:banner:add', onClick: () => setEditing({}) }}
            del={{ perm: 'platform:banner:del', onDelete: del }}
          />
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
