import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { type Fuwu, fuwuBody } from '@jz/contracts/fuwu';
import { Button, Card, Form, Input, InputNumber, Modal, Radio, Select, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useConfirm } from '../../../../components/confirm.ts';
import { CrudRowActions } from '../../../../components/data-table/CrudRowActions.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { StatusSwitch } from '../../../../components/StatusSwitch.tsx';
import { Auth, hasPerm } from '../../../../lib/access.tsx';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { QueryEmpty, QueryError } from '../../../../components/QueryState.tsx';
import { useSubmitting } from '../../../../lib/use-long-action.ts';
import {
  type ServiceCategoryInput,
  useServiceCategoryAdminTree,
  useServiceCategoryMutations,
} from '../api/service-category.ts';

/** 服务类目 (toolkit): the platform's two-level category tree; disabled categories leave the merchants' pickers. */
export default function ServiceCategoryPage() {
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<(Partial<Fuwu> & { parentId?: number | null }) | null>(null);
  const [form] = Form.useForm<ServiceCategoryInput>();
  const { confirmDelete } = useConfirm();
  const q = useServiceCategoryAdminTree(name);
  const { save, remove } = useServiceCategoryMutations();
  const roots = (q.data ?? []).filter((f) => f.parentId === null);

  const columns: ColumnsType<Fuwu> = [
    { title: '类目名称', dataIndex: 'name' },
    { title: '图标', dataIndex: 'icon', width: 180, render: (i: string | null) => i ?? '-' },
    { title: '排序', dataIndex: 'sort', width: 80 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 110,
      render: (s: number, r) => (
        <StatusSwitch
          checked={s === 0}
          disabled={!hasPerm('platform:fuwu:edit')}
          onChange={(on) => save.mutateAsync({ id: r.id, name: r.name, status: on ? 0 : 1 })}
        />
      ),
    },
    {
      title: '创建时间',
      dataIndex: 'createdAt',
      width: 170,
      render: (t: string) => formatDateTime(t),
    },
    {
      title: '操作',
      key: 'op',
      width: 200,
      render: (_, r) => (
        <CrudRowActions
          lead={
            r.parentId === null && (
              <Auth perm="platform:fuwu:add">
                <RowAction onClick={() => setEditing({ parentId: r.id, sort: 0, status: 0 })}>新增下级</RowAction>
              </Auth>
            )
          }
          edit={{ perm: 'platform:fuwu:edit', onClick: () => setEditing(r) }}
          del={{
            perm: 'platform:fuwu:del',
            onClick: async () => {
              if (
                await confirmDelete(
                  r.children?.length ? `确认要删除「${r.name}」及其 ${r.children.length} 个下级类目吗？` : undefined,
                )
              )
                await remove.mutateAsync(r.id);
            },
          }}
        />
      ),
    },
  ];

  const submitting = useSubmitting();
  return (
    <Card className="jz-card" title="服务类目" variant="borderless">
      <Space style={{ marginBottom: 16 }}>
        <Input.Search
          placeholder="类目名称"
          allowClear
          enterButton="搜索"
          maxLength={20}
          onSearch={(v) => setName(v.trim())}
          style={{ width: 280 }}
        />
        <Auth perm="platform:fuwu:add">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ parentId: null, sort: 0, status: 0 })}
          >
            新增
          </Button>
        </Auth>
        <Button icon={<ReloadOutlined />} onClick={() => q.refetch()}>
          刷新
        </Button>
      </Space>
      {q.isError ? (
        <QueryError error={q.error} onRetry={() => q.refetch()} />
      ) : (
        <Table<Fuwu>
          className="jz-table"
          rowKey="id"
          columns={columns}
          dataSource={q.data ?? []}
          loading={q.isFetching}
          pagination={false}
          expandable={{ defaultExpandAllRows: true }}
          key={q.data ? 'loaded' : 'loading'}
          locale={{
            emptyText: q.isLoading ? (
              '加载中…'
            ) : (
              <QueryEmpty description={name ? '没有符合条件的类目' : '暂无服务类目'} />
            ),
          }}
        />
      )}
      <Modal
        title={editing?.id ? '编辑类目' : '新增类目'}
        open={!!editing}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        confirmLoading={submitting.running}
        onOk={() =>
          submitting.run(async () => {
            const v = await form.validateFields().catch(() => null);
            if (!v) return; // the form shows what is wrong
            await save.mutateAsync({ ...v, parentId: v.parentId ?? null, id: editing?.id });
            setEditing(null);
          })
        }
      >
        <Form
          clearOnDestroy
          form={form}
          name="fuwuForm"
          labelCol={{ span: 5 }}
          preserve={false}
          initialValues={editing ?? {}}
        >
          <Form.Item name="parentId" label="上级类目">
            <Select
              allowClear
              placeholder="无（顶级类目）"
              options={roots.filter((r) => r.id !== editing?.id).map((r) => ({ label: r.name, value: r.id }))}
              disabled={!!editing?.children?.length}
            />
          </Form.Item>
          <Form.Item
            name="name"
            label="类目名称"
            validateFirst
            rules={[{ required: true, message: '请输入类目名称' }, zodRule(fuwuBody.shape.name)]}
          >
            <Input maxLength={20} showCount />
          </Form.Item>
          <Form.Item name="icon" label="图标" rules={[{ max: 100, message: '图标过长' }]}>
            <Input maxLength={100} placeholder="如 ClearOutlined" />
          </Form.Item>
          <Form.Item name="sort" label="排序">
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Radio.Group
              options={[
                { label: '正常', value: 0 },
                { label: '停用', value: 1 },
              ]}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
