import { SafetyCertificateOutlined } from '@ant-design/icons';
import { completeOpensText } from '@jz/contracts/constants/booking';
import { type Order, type OrderDetail, type VerifyResult, verifyCodeSchema } from '@jz/contracts/order';
import { ORDER_STATUS } from '@jz/contracts/constants/order';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Space, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { CopyText } from '../../../../components/CopyText.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { Auth } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { initPcQuery } from '../../../../lib/queries.ts';
import { zodRule } from '../../../../lib/zod-rule.ts';
import { getVerifyHistory, orderKeys, useOrderMutations } from '../api/order.ts';
import { goodsLine } from '../components/goods-line.ts';
import { PaidCell } from '../components/card-payment.tsx';
import { completeNotYet, type OrderDialog, useConfirmDone } from '../components/OrderActions.tsx';
import { useConfirm } from '../../../../components/confirm.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { shopSearchField } from '../../../../components/data-table/shop-search-field.ts';

import { AssignModal, CancelModal, OrderDetailDrawer, RescheduleModal } from '../components/lazy-dialogs.ts';

/**
 * 验券管理 (/yanquanguanli): the merchant types the customer's 12-digit code; the matching order of this merchant is
 * verified (待服务 -> 服务中) and shown. The code itself is never sent back. Wrong codes are limited per merchant.
 * The code is looked up first (nothing changes): when the visit is more than 2 hours away the page asks before using
 * it. The result offers the next steps: 确认完成 (in service, with the permission; disabled with when it opens while
 * the visit is far) and 查看订单 (the order's drawer).
 */
export default function VerifyPage() {
  const [form] = Form.useForm<{ code: string }>();
  const { data: init } = useQuery(initPcQuery);
  const { checkCode, verify } = useOrderMutations();
  const { confirmWarning } = useConfirm();
  const [result, setResult] = useState<VerifyResult['order'] | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<OrderDialog>(null);
  const confirmDone = useConfirmDone();
  const qc = useQueryClient();
  const done = async () => {
    if (result && (await confirmDone.run(result))) setResult({ ...result, status: ORDER_STATUS.DONE });
  };
  // What the drawer did to the order (e.g. 确认完成 there) shows on the card once it closes.
  const closeDetail = () => {
    const d = detailId === null ? undefined : qc.getQueryData<OrderDetail>(orderKeys.detail(detailId));
    if (result && d && d.id === result.id && d.status !== result.status) setResult({ ...result, status: d.status });
    setDetailId(null);
  };
  const submit = async ({ code }: { code: string }) => {
    setResult(null);
    const plain = code.replace(/\s+/g, '');
    const found = await checkCode.mutateAsync(plain).catch(() => null);
    if (!found) return;
    if (found.question && !(await confirmWarning(found.question))) return;
    const r = await verify.mutateAsync(plain).catch(() => null);
    if (r) {
      setResult(r.order);
      form.resetFields();
    }
  };
  const columns: ColumnsType<Order> = [
    { title: '订单号', dataIndex: 'orderNo', width: 200, render: (v: string) => <CopyText text={v} /> },
    { title: '商品', dataIndex: 'goodsName', width: 200 },
    { title: '客户', dataIndex: 'customerName', width: 140, render: (n: string, r) => `${n} ${r.customerPhone}` },
    { title: '服务人员', dataIndex: 'employeeName', width: 100, render: (v: string | null) => v ?? '-' },
    { title: '实付', dataIndex: 'payAmount', width: 100, render: (_: number, r) => <PaidCell order={r} /> },
    {
      title: '核销时间',
      dataIndex: 'verifiedAt',
      width: 160,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: '当前状态',
      dataIndex: 'status',
      width: 100,
      render: (s: number) => <DictTag type="order_status" value={s} />,
    },
  ];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card className="jz-card" variant="borderless" title="验券">
        <Form form={form} name="verify-code" layout="inline" onFinish={submit}>
          <Form.Item
            name="code"
            label="券码"
            rules={[{ required: true, message: '请输入券码' }, zodRule(verifyCodeSchema)]}
          >
            <Input
              prefix={<SafetyCertificateOutlined />}
              placeholder="请输入客户出示的 12 位券码"
              maxLength={16}
              style={{ width: 320, letterSpacing: 2 }}
              autoComplete="off"
            />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={checkCode.isPending || verify.isPending}>
              验券
            </Button>
          </Form.Item>
        </Form>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          券码由客户在下单付款后获得，服务人员上门时核对券码即开始服务。连续输错 10 次需等待 10 分钟。
        </Typography.Paragraph>
        {result && (
          <Alert
            style={{ marginTop: 16 }}
            type="success"
            showIcon
            title={result.status === ORDER_STATUS.SERVING ? '验券成功，订单已开始服务' : '验券成功'}
            description={
              <Descriptions size="small" column={2} data-testid="verify-result">
                <Descriptions.Item label="订单号">{result.orderNo}</Descriptions.Item>
                <Descriptions.Item label="状态">
                  <DictTag type="order_status" value={result.status} />
                </Descriptions.Item>
                <Descriptions.Item label="商品">{goodsLine(result)}</Descriptions.Item>
                <Descriptions.Item label="实付">
                  <PaidCell order={result} />
                </Descriptions.Item>
                <Descriptions.Item label="客户">
                  {result.customerName} {result.customerPhone}
                </Descriptions.Item>
                <Descriptions.Item label="服务人员">{result.employeeName ?? '-'}</Descriptions.Item>
                <Descriptions.Item label="地址" span={2}>
                  {result.address}
                </Descriptions.Item>
              </Descriptions>
            }
            action={
              <Space orientation="vertical" data-testid="verify-actions">
                {result.status === ORDER_STATUS.SERVING && (
                  <Auth perm="merchant:order:confirm">
                    {completeNotYet(result) ? (
                      <Tooltip title={completeOpensText(result.appointmentAt)}>
                        <span style={{ display: 'block', cursor: 'not-allowed' }}>
                          <Button type="primary" block disabled>
                            确认完成
                          </Button>
                        </span>
                      </Tooltip>
                    ) : (
                      <Button type="primary" block loading={confirmDone.pending} onClick={done}>
                        确认完成
                      </Button>
                    )}
                  </Auth>
                )}
                <Auth perm="merchant:order:query">
                  <Button block onClick={() => setDetailId(result.id)}>
                    查看订单
                  </Button>
                </Auth>
              </Space>
            }
          />
        )}
      </Card>
      <OrderDetailDrawer id={detailId} onClose={closeDetail} onDialog={setDialog} />
      <AssignModal order={dialog?.kind === 'assign' ? dialog.order : null} onClose={() => setDialog(null)} />
      <CancelModal order={dialog?.kind === 'cancel' ? dialog.order : null} onClose={() => setDialog(null)} />
      <RescheduleModal order={dialog?.kind === 'reschedule' ? dialog.order : null} onClose={() => setDialog(null)} />
      <DataTable<Order>
        title="验券记录"
        queryKey={[...orderKeys.all, 'verified']}
        fetcher={getVerifyHistory}
        columns={columns}
        scrollX={1000}
        search={[
          { name: 'orderNo', label: '订单号' },
          { name: 'customerPhone', label: '客户手机' },
          { name: 'verified', label: '核销日期', type: 'dateRange' },
          shopSearchField(init),
        ]}
      />
    </Space>
  );
}
