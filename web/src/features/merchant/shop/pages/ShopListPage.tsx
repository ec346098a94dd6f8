import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import type { ShopInfo } from '@jz/contracts/shop';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../../../components/confirm.ts';
import { EmptyAction } from '../../../../components/EmptyAction.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { initPcQuery } from '../../../../lib/queries.ts';
import { getShopPage, shopKeys, useShopMutations } from '../api/shop.ts';
import { shopColumns } from '../components/ShopColumns.tsx';
import { lazyWidget } from '../../../../components/lazy-widget.tsx';
import { ShopPrompts } from '../components/ShopPrompts.tsx';
import { useSubmitting } from '../../../../lib/use-long-action.ts';
import { pagePath } from '../../../../lib/page-registry.ts';

// The form (map, region tree, category tree, time pickers) downloads when the dialog first opens, not with the list.
const ShopFormModal = lazyWidget(
  () => import('../components/ShopFormModal.tsx'),
  (m) => m.ShopFormModal,
);

/** 店铺管理: every shop of the merchant; switch the current one, open/close, copy goods and settings, add a shop. */
export default function ShopListPage() {
  const navigate = useNavigate();
  const { data: init } = useQuery(initPcQuery);
  const m = useShopMutations();
  const { confirmWarning } = useConfirm();
  const [adding, setAddingState] = useState(false);
  const [formUsed, setFormUsed] = useState(false);
  const setAdding = (open: boolean) => {
    if (open) setFormUsed(true);
    setAddingState(open);
  };
  const [copyFrom, setCopyFrom] = useState<number | null | undefined>(undefined);
  const [copyForm] = Form.useForm<{ fromId: number; toId: number }>();
  const shops = init?.allDianpu ?? [];
  const hasMain = shops.some((s) => s.parentId === null);
  // The first shop, or a branch when initPc allows it (never for an account limited to some shops: the server refuses).
  const canAdd = shops.length === 0 || init?.isAddFendian;
  const main = shops.find((s) => s.parentId === null);
  // The audit's outcome on top (立即营业 for approved shops not open, the reason of a rejection): every own shop.
  const all = useQuery({
    queryKey: [...shopKeys.list, 'prompts'],
    queryFn: () => getShopPage({ pageNum: 1, pageSize: 100 }),
    enabled: shops.length > 0,
  });
  const openInfo = async (id: number) => {
    if (id !== init?.curDianpu?.id) await m.switchTo.mutateAsync(id);
    navigate(pagePath('merchant.shop.info'));
  };

  const columns = [
    ...shopColumns({
      currentId: init?.curDianpu?.id,
      onSetOpen: (s, open) => m.setOpen.mutateAsync({ id: s.id, yingyeState: open ? 1 : 0 }),
    }),
    {
      title: '操作',
      key: 'op',
      width: 224,
      render: (_: unknown, r: ShopInfo) => (
        <Space>
          <RowAction
            disabled={r.id === init?.curDianpu?.id}
            onClick={async () => {
              if (await confirmWarning(`切换到「${r.name}」？商品、订单等页面将显示该店铺的数据。`))
                await m.switchTo.mutateAsync(r.id);
            }}
          >
            设为当前
          </RowAction>
          <RowAction onClick={() => openInfo(r.id)}>店铺信息</RowAction>
          <Auth perm="merchant:shop:copy">
            <RowAction disabled={shops.length < 2} onClick={() => setCopyFrom(r.id)}>
              复制到…
            </RowAction>
          </Auth>
        </Space>
      ),
    },
  ];

  const submitting = useSubmitting();
  return (
    <>
      {!shops.length && (
        <Alert
          style={{ marginBottom: 16 }}
          type="info"
          showIcon
          title="您还没有店铺"
          description="点击「创建店铺」填写店铺名称、联系方式和服务类目；平台审核通过后即可营业并上架商品。"
        />
      )}
      <ShopPrompts
        shops={all.data?.records ?? []}
        onOpen={(id) => m.setOpen.mutateAsync({ id, yingyeState: 1 })}
        onFix={openInfo}
      />
      <DataTable<ShopInfo>
        title="店铺管理"
        queryKey={shopKeys.list}
        emptyAction={
          canAdd && (
            <EmptyAction perm="merchant:shop:add" onClick={() => setAdding(true)}>
              {hasMain ? '添加第一家分店' : '创建第一家店铺'}
            </EmptyAction>
          )
        }
        fetcher={getShopPage}
        columns={columns}
        // The columns fit 1280 px: a 1600 px screen shows them all, the fixed 操作 column covering none.
        scrollX={1280}
        search={[
          { name: 'name', label: '店铺名称' },
          { name: 'auditStatus', label: '审核状态', type: 'dict', dict: 'shop_audit_status' },
          { name: 'yingyeState', label: '营业状态', type: 'dict', dict: 'shop_yingye_state' },
        ]}
        toolbar={() => (
          <>
            <Auth perm="merchant:shop:add">
              <Button type="primary" icon={<PlusOutlined />} disabled={!canAdd} onClick={() => setAdding(true)}>
                {hasMain ? '新增分店' : '创建店铺'}
              </Button>
            </Auth>
            <Auth perm="merchant:shop:copy">
              <Button icon={<CopyOutlined />} disabled={shops.length < 2} onClick={() => setCopyFrom(null)}>
                复制店铺商品
              </Button>
            </Auth>
            {!canAdd && (
              <span style={{ color: '#666' }}>
                {main && main.auditStatus !== 1
                  ? '总店审核通过后可开设分店'
                  : '仅可管理全部门店的账号可以开设分店（分店数量未达上限时）'}
              </span>
            )}
          </>
        )}
      />
      {formUsed && (
        <ShopFormModal
          open={adding}
          title={hasMain ? '新增分店' : '创建店铺'}
          onClose={() => setAdding(false)}
          onSubmit={(v) => m.add.mutateAsync(v)}
        />
      )}
      <Modal
        title="复制店铺商品与设置"
        open={copyFrom !== undefined}
        onCancel={() => setCopyFrom(undefined)}
        destroyOnHidden
        okText="复制"
        confirmLoading={submitting.running}
        onOk={() =>
          submitting.run(async () => {
            const v = await copyForm.validateFields().catch(() => null);
            if (!v) return; // the form shows what is wrong
            await m.copy.mutateAsync(v);
            setCopyFrom(undefined);
          })
        }
      >
        <Alert
          style={{ marginBottom: 16 }}
          type="warning"
          showIcon
          title="来源店铺的全部商品会复制到目标店铺（复制后为下架状态），接单设置会覆盖目标店铺的设置。"
        />
        <Form
          clearOnDestroy
          form={copyForm}
          name="shopCopy"
          labelCol={{ span: 5 }}
          initialValues={{ fromId: copyFrom ?? undefined }}
          preserve={false}
        >
          <Form.Item name="fromId" label="来源店铺" rules={[{ required: true, message: '请选择来源店铺' }]}>
            <Select options={shops.map((s) => ({ value: s.id, label: s.name }))} placeholder="复制谁的商品" />
          </Form.Item>
          <Form.Item
            name="toId"
            label="目标店铺"
            dependencies={['fromId']}
            rules={[
              { required: true, message: '请选择目标店铺' },
              ({ getFieldValue }) => ({
                validator: async (_r, v) =>
                  v && v === getFieldValue('fromId')
                    ? Promise.reject(new Error('来源店铺和目标店铺不能相同'))
                    : undefined,
              }),
            ]}
          >
            <Select options={shops.map((s) => ({ value: s.id, label: s.name }))} placeholder="复制到哪家店" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
