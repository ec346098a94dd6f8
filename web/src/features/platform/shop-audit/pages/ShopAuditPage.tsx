import type { ShopInfo } from '@jz/contracts/shop';
import { QueryError } from '../../../../components/QueryState.tsx';
import { Alert, Descriptions, Drawer, Form, Image, Input, Modal, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useConfirm } from '../../../../components/confirm.ts';
import { CopyText } from '../../../../components/CopyText.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { RichHtml } from '../../../../components/rich-text/RichHtml.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { auditKeys, getAllShopsPage, useAuditMutation, useAuditShop } from '../api/shop-audit.ts';
import { fileUrl } from '../../../../components/upload/index.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { useSubmitting } from '../../../../lib/use-long-action.ts';

/** 店铺审核 (toolkit): every merchant's shops; approve, or reject with a reason. Unapproved shops are hidden from customers. */
export default function ShopAuditPage() {
  const audit = useAuditMutation();
  const { confirmWarning } = useConfirm();
  const [viewing, setViewing] = useState<number | undefined>();
  const [rejecting, setRejecting] = useState<ShopInfo | null>(null);
  const [form] = Form.useForm<{ auditRemark: string }>();
  const detail = useAuditShop(viewing);

  const columns: ColumnsType<ShopInfo> = [
    { title: '编号', dataIndex: 'id', width: 70 },
    {
      title: '店铺名称',
      dataIndex: 'name',
      render: (n: string, r) => (
        <Space size={4}>
          <Typography.Link onClick={() => setViewing(r.id)}>{n}</Typography.Link>
          {r.parentId === null ? <Tag color="blue">总店</Tag> : <Tag>分店</Tag>}
          {r.pendingName && <Tag color="orange">申请改名：{r.pendingName}</Tag>}
        </Space>
      ),
    },
    { title: '商家', dataIndex: 'merchantName', width: 160 },
    { title: '联系电话', dataIndex: 'phone', width: 150, render: (p: string | null) => <CopyText text={p} /> },
    { title: '地址', dataIndex: 'address', ellipsis: true },
    {
      title: '审核状态',
      dataIndex: 'auditStatus',
      width: 100,
      render: (s: number) => <DictTag type="shop_audit_status" value={s} />,
    },
    { title: '审核意见', dataIndex: 'auditRemark', width: 160, ellipsis: true, render: (r: string | null) => r ?? '-' },
    {
      title: '营业状态',
      dataIndex: 'yingyeState',
      width: 100,
      render: (s: number) => <DictTag type="shop_yingye_state" value={s} />,
    },
    {
      title: '提交时间',
      dataIndex: 'updatedAt',
      width: 160,
      render: (t: string) => formatDateTime(t),
    },
    {
      title: '操作',
      key: 'op',
      width: 170,
      render: (_, r) => (
        <Space>
          <RowAction onClick={() => setViewing(r.id)}>查看</RowAction>
          {(r.auditStatus === 0 || !!r.pendingName) && (
            <>
              <RowAction
                onClick={async () => {
                  const question = r.pendingName
                    ? `确定将「${r.name}」更名为「${r.pendingName}」吗? 通过后顾客看到新名称。`
                    : `确定审核通过「${r.name}」吗? 通过后店铺可开始营业，顾客可见。`;
                  if (await confirmWarning(question)) await audit.mutateAsync({ id: r.id, auditStatus: 1 });
                }}
              >
                通过
              </RowAction>
              <RowAction danger onClick={() => setRejecting(r)}>
                驳回
              </RowAction>
            </>
          )}
        </Space>
      ),
    },
  ];

  const d = detail.data;
  const submitting = useSubmitting();
  return (
    <>
      <DataTable<ShopInfo>
        title="店铺审核"
        queryKey={auditKeys.list}
        fetcher={getAllShopsPage}
        columns={columns}
        scrollX={1400}
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
            label="驳回原因"
            rules={[
              { required: true, whitespace: true, message: '驳回时请填写原因' },
              { max: 200, message: '审核意见最多 200 个字' },
            ]}
          >
            <Input.TextArea rows={4} maxLength={200} showCount placeholder="如：营业执照不清晰，请重新上传" />
          </Form.Item>
        </Form>
      </Modal>
      <Drawer
        title="店铺详情"
        size={720}
        open={viewing !== undefined}
        onClose={() => setViewing(undefined)}
        loading={detail.isLoading}
      >
        {detail.isError && !d && <QueryError error={detail.error} onRetry={detail.refetch} compact />}
        {d && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            {d.auditStatus === 2 && <Alert type="error" showIcon title={`已驳回：${d.auditRemark ?? ''}`} />}
            <Descriptions column={2} bordered size="small">
              <Descriptions.Item label="店铺名称" span={2}>
                {d.name}
                {d.pendingName && (
                  <Tag color="orange" style={{ marginLeft: 8 }}>
                    申请改名：{d.pendingName}
                  </Tag>
                )}
              </Descriptions.Item>
              <Descriptions.Item label="商家">{d.merchantName}</Descriptions.Item>
              <Descriptions.Item label="类型">{d.parentId === null ? '总店' : '分店'}</Descriptions.Item>
              <Descriptions.Item label="联系人">{d.contactName ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="电话">{d.phone ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="地区编码">
                {[d.provinceCode, d.cityCode, d.districtCode].filter(Boolean).join(' / ') || '-'}
              </Descriptions.Item>
              <Descriptions.Item label="坐标">
                {d.lat !== null && d.lng !== null ? `${d.lat}, ${d.lng}` : '-'}
              </Descriptions.Item>
              <Descriptions.Item label="地址" span={2}>
                {d.address ?? '-'}
              </Descriptions.Item>
              <Descriptions.Item label="营业时间">{d.businessHours ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="服务区域">
                {d.serviceArea.length ? `${d.serviceArea.length} 个顶点` : '未设置'}
              </Descriptions.Item>
              <Descriptions.Item label="审核状态">
                <DictTag type="shop_audit_status" value={d.auditStatus} />
              </Descriptions.Item>
              <Descriptions.Item label="营业状态">
                <DictTag type="shop_yingye_state" value={d.yingyeState} />
              </Descriptions.Item>
            </Descriptions>
            {(d.logoUrl || d.images.length > 0) && (
              <Image.PreviewGroup>
                <Space wrap>
                  {[d.logoUrl, ...d.images]
                    .filter((u): u is string => !!u)
                    .map((u) => (
                      <Image
                        key={u}
                        src={fileUrl(u)}
                        width={120}
                        height={90}
                        style={{ objectFit: 'cover' }}
                        alt="店铺图片"
                      />
                    ))}
                </Space>
              </Image.PreviewGroup>
            )}
            {d.intro && <RichHtml html={d.intro} />}
          </Space>
        )}
      </Drawer>
    </>
  );
}
