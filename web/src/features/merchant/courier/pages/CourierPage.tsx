import { courierCancel, type CourierOrder } from '@jz/contracts/courier';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useConfirm } from '../../../../components/confirm.ts';
import { CopyText } from '../../../../components/CopyText.tsx';
import { EmptyAction } from '../../../../components/EmptyAction.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { DictTag, useDict } from '../../../../lib/dict.tsx';
import { initPcQuery } from '../../../../lib/queries.ts';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { courierKeys, getCourierPage, useCourierMutations } from '../api/courier.ts';
import { CourierDetailDrawer, CourierForm } from '../components/lazy-dialogs.ts';
import { formatDateTime, formatWeight } from '../../../../lib/format.ts';
import { shopSearchField } from '../../../../components/data-table/shop-search-field.ts';

const t = (iso: string) => formatDateTime(iso);

/**
 * 快递下单 (/kuaidixiadan): the shop's courier pick-ups through the courier provider (sandbox by default), with the
 * tracking timeline; a pick-up can be cancelled only while it waits for the courier (待揽收).
 */
export default function CourierPage() {
  const { data: init } = useQuery(initPcQuery);
  const company = useDict('courier_company');
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<CourierOrder | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const { cancel } = useCourierMutations();
  const { confirmWarning } = useConfirm();

  const submitCancel = async () => {
    const v = await form.validateFields();
    if (!cancelling) return;
    if (!(await confirmWarning(`确定取消运单 ${cancelling.trackingNo} 吗？取消后快递员将不再上门。`))) return;
    await cancel.mutateAsync({ id: cancelling.id, reason: v.reason }).then(
      () => setCancelling(null),
      () => undefined,
    );
  };

  const columns: ColumnsType<CourierOrder> = [
    { title: '运单号', dataIndex: 'trackingNo', width: 190, render: (v: string) => <CopyText text={v} /> },
    { title: '快递公司', dataIndex: 'company', width: 110, render: (v: string) => company.labelOf(v) },
    {
      title: '收件人',
      dataIndex: 'receiverName',
      width: 260,
      render: (v: string, r) => (
        <Space orientation="vertical" size={0}>
          <span>
            {v} {r.receiverPhone}
          </span>
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 240 }}>
            {r.receiverAddress}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '物品 / 重量',
      dataIndex: 'itemName',
      width: 160,
      render: (v: string, r) => `${v} · ${formatWeight(r.weightGrams)}`,
    },
    { title: '上门取件', dataIndex: 'pickupAt', width: 140, render: t },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (v: number) => <DictTag type="courier_status" value={v} />,
    },
    { title: '下单时间', dataIndex: 'createdAt', width: 140, render: t },
    {
      title: '操作',
      key: 'op',
      width: 120,
      fixed: 'right',
      render: (_, r) => (
        <Space>
          <Auth perm="merchant:courier:query">
            <RowAction onClick={() => setViewing(r.id)}>详情</RowAction>
          </Auth>
          {r.status === 10 && (
            <Auth perm="merchant:courier:cancel">
              <RowAction danger onClick={() => setCancelling(r)}>
                取消
              </RowAction>
            </Auth>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <DataTable<CourierOrder>
        title="快递下单"
        queryKey={courierKeys.all}
        emptyAction={
          <EmptyAction perm="merchant:courier:add" onClick={() => setAdding(true)}>
            寄出第一个快递
          </EmptyAction>
        }
        fetcher={getCourierPage}
        columns={columns}
        scrollX={1250}
        toolbar={() => (
          <Auth perm="merchant:courier:add">
            <Button type="primary" onClick={() => setAdding(true)}>
              快递下单
            </Button>
          </Auth>
        )}
        search={[
          { name: 'keyword', label: '运单号/收件人', placeholder: '运单号、收件人或电话', width: 200 },
          { name: 'status', label: '状态', type: 'dict', dict: 'courier_status', width: 120 },
          { name: 'company', label: '快递公司', type: 'dict', dict: 'courier_company', width: 140 },
          { name: 'created', label: '下单日期', type: 'dateRange' },
          shopSearchField(init),
        ]}
      />
      <CourierForm open={adding} onClose={() => setAdding(false)} />
      <CourierDetailDrawer id={viewing} onClose={() => setViewing(null)} />
      <Modal
        title={`取消快递 · ${cancelling?.trackingNo ?? ''}`}
        open={!!cancelling}
        onCancel={() => setCancelling(null)}
        onOk={submitCancel}
        okText="取消快递"
        cancelText="返回"
        okButtonProps={{ danger: true, loading: cancel.isPending }}
        destroyOnHidden
      >
        <Form clearOnDestroy form={form} name="courier-cancel" layout="vertical" preserve={false}>
          <Form.Item name="reason" label="取消原因" rules={[zodRule(courierCancel.shape.reason)]}>
            <Input.TextArea rows={3} maxLength={100} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
