import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { ShopInfo } from '@jz/contracts/shop';
import { Button, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useConfirm } from '../../../../components/confirm.ts';
import { CopyText } from '../../../../components/CopyText.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { useSubmitting } from '../../../../lib/use-long-action.ts';
import { auditKeys, getAllShopsPage, useShopAuditMutations } from '../api/shop-audit.ts';
import { awaitsDecision, type Decidable, LocationFlag } from '../components/audit-parts.tsx';
import { lazyWidget } from '../../../../components/lazy-widget.tsx';

// The drawer (map, licences, images) downloads when a shop is first opened, not with the list.
const ShopAuditDrawer = lazyWidget(
  () => import('../components/ShopAuditDrawer.tsx'),
  (m) => m.ShopAuditDrawer,
);

/**
 * 店铺审核 (toolkit): every merchant's shops; approve, or reject with a reason, from the list or the detail drawer
 * (region names, the location and service area on a map, the merchant's licences). Unapproved shops are hidden
 * from customers; the merchant hears of each decision by message.
 */
export default function ShopAuditPage() {
  const { audit } = useShopAuditMutations();
  const { confirmWarning } = useConfirm();
  const [viewing, setViewingState] = useState<number | undefined>();
  const [opened, setOpened] = useState(false);
  const setViewing = (id: number | undefined) => {
    if (id !== undefined) setOpened(true);
    setViewingState(id);
  };
  const [rejecting, setRejecting] = useState<Decidable | null>(null);
  const [form] = Form.useForm<{ auditRemark: string }>();

  const approve = async (r: Decidable) => {
    const outside = r.locationIssues?.find((i) => i.level === 'error');
    const question = r.pendingName
      ? `确定将「${r.name}」更名为「${r.pendingName}」吗？通过后顾客看到新名称。`
      : `确定审核通过「${r.name}」吗？通过后商家可开始营业，顾客可见。${outside ? `注意：${outside.message}。` : ''}`;
    if (await confirmWarning(question)) await audit.mutateAsync({ id: r.id, auditStatus: 1 });
  };

  const columns: ColumnsType<ShopInfo> = [
    { title: '编号', dataIndex: 'id', width: 64 },
    {
      title: '店铺 / 商家',
      dataIndex: 'name',
      render: (n: string, r) => (
        <Space orientation="vertical" size={2}>
          <Space size={4} wrap>
            <Typography.Link onClick={() => setViewing(r.id)}>{n}</Typography.Link>
            {r.parentId === null ? <Tag color="blue">总店</Tag> : <Tag>分店</Tag>}
            {r.pendingName && <Tag color="orange">申请改名：{r.pendingName}</Tag>}
            <LocationFlag issues={r.locationIssues} />
          </Space>
          <Typography.Text type="secondary">{r.merchantName}</Typography.Text>
        </Space>
      ),
    },
    {
      title: '地区 / 地址',
      dataIndex: 'address',
      width: 280,
      render: (a: string | null, r) => (
        <Space orientation="vertical" size={2} style={{ maxWidth: 264 }}>
          <span>{r.regionName ?? '未选择地区'}</span>
          <Typography.Text type="secondary" ellipsis={{ tooltip: a }}>
            {a ?? '-'}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '联系人 / 电话',
      dataIndex: 'phone',
      width: 160,
      render: (p: string | null, r) => (
        <Space orientation="vertical" size={2}>
          <span>{r.contactName ?? '-'}</span>
          <CopyText text={p} />
        </Space>
      ),
    },
    {
      title: '审核状态',
      dataIndex: 'auditStatus',
      width: 110,
      render: (s: number, r) =>
        r.auditRemark ? (
          <span title={`审核意见：${r.auditRemark}`}>
            <DictTag type="shop_audit_status" value={s} />
          </span>
        ) : (
          <DictTag type="shop_audit_status" value={s} />
        ),
    },
    {
      title: '营业状态',
      dataIndex: 'yingyeState',
      width: 96,
      render: (s: number) => <DictTag type="shop_yingye_state" value={s} />,
    },
    {
      title: '提交时间',
      dataIndex: 'updatedAt',
      width: 168,
      render: (t: string) => formatDateTime(t),
    },
    {
      title: '操作',
      key: 'op',
      width: 156,
      render: (_, r) => (
        <Space size={4}>
          <RowAction onClick={() => setViewing(r.id)}>查看</RowAction>
          {awaitsDecision(r) && (
            <>
              <RowAction onClick={() => approve(r)}>通过</RowAction>
              <RowAction danger onClick={() => setRejecting(r)}>
                驳回
              </RowAction>
            </>
          )}
        </Space>
      ),
    },
  ];

  const submitting = useSubmitting();
  return (
    <>
      <DataTable<ShopInfo>
        title="店铺审核"
        queryKey={auditKeys.list}
        fetcher={getAllShopsPage}
        columns={columns}
        // Fits a 1600 px screen without scrolling, so the fixed action column covers nothing (提交时间 stays in view).
        scrollX={1180}
        search={[
          { name: 'name', label: '店铺名称' },
          { name: 'auditStatus', label: '审核状态', type: 'dict', dict: 'shop_audit_status' },
          { name: 'yingyeState', label: '营业状态', type: 'dict', dict: 'shop_yingye_state' },
        ]}
      />
      <Modal
        title={`驳回「${rejecting?.name ?? ''}」`}
        open={!!rejecting}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
        okText="驳回"
        okButtonProps={{ danger: true }}
        confirmLoading={submitting.running}
        onOk={() =>
          submitting.run(async () => {
            const v = await form.validateFields().catch(() => null);
            if (!v) return; // the form shows what is wrong
            await audit.mutateAsync({ id: rejecting!.id, auditStatus: 2, auditRemark: v.auditRemark });
            setRejecting(null);
          })
        }
      >
        <Form clearOnDestroy form={form} name="shopReject" layout="vertical" preserve={false}>
          <Form.Item
            name="auditRemark"
            label={rejecting?.pendingName ? `驳回改名「${rejecting.pendingName}」的原因` : '驳回原因'}
            extra="原因会通过消息告知商家，请写明需要修改什么。"
            rules={[
              { required: true, whitespace: true, message: '驳回时请填写原因' },
              { max: 200, message: '审核意见最多 200 个字' },
            ]}
          >
            <Input.TextArea rows={4} maxLength={200} showCount placeholder="如：营业执照不清晰，请重新上传" />
          </Form.Item>
        </Form>
      </Modal>
      {opened && (
        <ShopAuditDrawer
          id={viewing}
          onClose={() => setViewing(undefined)}
          actions={(d) =>
            awaitsDecision(d) && (
              <Space>
                <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(d)}>
                  驳回
                </Button>
                <Button type="primary" icon={<CheckOutlined />} loading={audit.isPending} onClick={() => approve(d)}>
                  通过
                </Button>
              </Space>
            )
          }
        />
      )}
    </>
  );
}
