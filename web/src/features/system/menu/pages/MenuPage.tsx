import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { MenuRow } from '@jz/contracts/menu-admin';
import { Button, Card, Form, Input, Select, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { CopyText } from '../../../../components/CopyText.tsx';
import { tidyColumns } from '../../../../components/data-table/DataTable.tsx';
import { CrudRowActions } from '../../../../components/data-table/CrudRowActions.tsx';
import { useCrudDelete } from '../../../../components/data-table/useCrudDelete.ts';
import { QueryEmpty, QueryError } from '../../../../components/QueryState.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { StatusSwitch } from '../../../../components/StatusSwitch.tsx';
import { Auth, hasPerm } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { type MenuFilter, type MenuInput, useMenuMutations, useMenuTreeAll } from '../api/menu.ts';
import { IconByName } from '../components/IconByName.tsx';
import { MenuForm } from '../components/lazy-dialogs.ts';

const allIds = (list: MenuRow[]): number[] => list.flatMap((m) => (m.children ? [m.id, ...allIds(m.children)] : []));

/** 菜单管理: the menu tree of both scopes (folders, pages, buttons). Changes show in sidebars on their next load. */
export default function MenuPage() {
  const [filter, setFilter] = useState<MenuFilter>({});
  const [search] = Form.useForm();
  const q = useMenuTreeAll(filter);
  const { add, edit, remove } = useMenuMutations();
  const del = useCrudDelete(remove.mutateAsync);
  const [editing, setEditing] = useState<Partial<MenuRow> | null>(null);
  const [expanded, setExpanded] = useState<number[]>([]);
  const [pageSize, setPageSize] = useState(10);
  const tree = q.data ?? [];

  const columns: ColumnsType<MenuRow> = [
    {
      title: '菜单名称',
      dataIndex: 'name',
      width: 240,
      render: (v: string, r) => (
        <Space>
          <IconByName name={r.icon} />
          {v}
          {r.builtIn && <Tag color="gold">内置</Tag>}
        </Space>
      ),
    },
    { title: '类型', dataIndex: 'type', width: 80, render: (v: string) => <DictTag type="sys_menu_type" value={v} /> },
    {
      title: '范围',
      dataIndex: 'scope',
      width: 80,
      render: (v: string) => (v === 'platform' ? <Tag color="purple">平台</Tag> : <Tag color="blue">商家</Tag>),
    },
    { title: '路由地址', dataIndex: 'routerUrl', render: (v: string | null) => v ?? '-' },
    { title: '组件', dataIndex: 'component', render: (v: string | null) => v ?? '-' },
    { title: '权限标识', dataIndex: 'perms', render: (v: string | null) => <CopyText text={v} /> },
    { title: '排序', dataIndex: 'sort', width: 70 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (s: number, r) => (
        <StatusSwitch
          checked={s === 0}
          disabled={!hasPerm('sys:menu:edit')}
          onChange={(on) => edit.mutateAsync({ id: r.id, status: on ? 0 : 1 })}
        />
      ),
    },
    {
      title: '操作',
      key: 'op',
      width: 190,
      render: (_, r) => (
        <CrudRowActions
          size={4}
          lead={
            r.type !== 'ANNIU' && (
              <Auth perm="sys:menu:add">
                <RowAction
                  onClick={() =>
                    setEditing({ parentId: r.id, scope: r.scope, type: r.type === 'ZICAIDAN' ? 'ANNIU' : 'ZICAIDAN' })
                  }
                >
                  新增下级
                </RowAction>
              </Auth>
            )
          }
          edit={{ perm: 'sys:menu:edit', onClick: () => setEditing(r) }}
          del={{ perm: 'sys:menu:del', onClick: () => del([r.id]), disabled: r.builtIn }}
        />
      ),
    },
  ];

  return (
    <Card className="jz-card" title="菜单管理" variant="borderless">
      <Form
        form={search}
        name="menuSearch"
        layout="inline"
        style={{ rowGap: 12, marginBottom: 16 }}
        onFinish={(v: Record<string, unknown>) =>
          setFilter(
            Object.fromEntries(
              Object.entries(v)
                .map(([k, x]) => [k, typeof x === 'string' ? x.trim() : x])
                .filter(([, x]) => x !== undefined && x !== null && x !== ''),
            ) as MenuFilter,
          )
        }
      >
        <Form.Item name="name" label="菜单名称">
          <Input allowClear maxLength={30} placeholder="请输入菜单名称" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="scope" label="范围">
          <Select
            allowClear
            placeholder="请选择范围"
            style={{ width: 140 }}
            options={[
              { label: '平台', value: 'platform' },
              { label: '商家', value: 'merchant' },
            ]}
          />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select
            allowClear
            placeholder="请选择状态"
            style={{ width: 140 }}
            options={[
              { label: '正常', value: 0 },
              { label: '停用', value: 1 },
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              搜索
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => {
                search.resetFields();
                setFilter({});
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 16 }}>
        <Auth perm="sys:menu:add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            新增
          </Button>
        </Auth>
        <Button onClick={() => setExpanded(expanded.length ? [] : allIds(tree))}>
          {expanded.length ? '全部折叠' : '全部展开'}
        </Button>
      </Space>
      {q.isError && !q.data ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} />
      ) : (
        <Table<MenuRow>
          className="jz-table"
          rowKey="id"
          // tidyColumns: the wide tree keeps 操作 fixed on the right and ellipsis cells show a tooltip, as DataTable does.
          columns={tidyColumns(columns).columns}
          dataSource={tree}
          loading={q.isFetching}
          scroll={{ x: 1300 }}
          expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys as number[]) }}
          locale={{ emptyText: q.isLoading ? '加载中…' : <QueryEmpty /> }}
          pagination={{
            pageSize,
            pageSizeOptions: ['10', '20', '30', '50'],
            showSizeChanger: { 'aria-label': '每页条数' },
            showQuickJumper: true,
            showTotal: (t) => `共 ${t} 个顶级菜单`,
            onShowSizeChange: (_p, s) => setPageSize(s),
          }}
        />
      )}
      <MenuForm
        open={editing !== null}
        tree={tree}
        initial={editing ?? undefined}
        onClose={() => setEditing(null)}
        onSubmit={(v: MenuInput) => (editing?.id ? edit.mutateAsync({ ...v, id: editing.id }) : add.mutateAsync(v))}
      />
    </Card>
  );
}
