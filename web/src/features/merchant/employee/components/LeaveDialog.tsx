import { ORDER_STATUS_NAME } from '@jz/contracts/constants/order';
import { Alert, DatePicker, Form, Input, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { PageLink } from '../../../../components/PageLink.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { useLeaveCheck, useLeaveMutations } from '../api/employee.ts';
import { pickedToIso } from '../../../../lib/zone.ts';

interface Values {
  range?: [Dayjs | null, Dayjs | null] | null;
  reason?: string;
}

/** A picked time is Shanghai wall time whatever the browser's zone (lib/zone.ts). */
const toIso = (d: Dayjs) => pickedToIso(d.second(0).millisecond(0));

/**
 * 请假/休假: from–to (date and time) and a reason. While the period is chosen, the server's check lists her assigned
 * orders inside it (to be reassigned first: each opens in 订单管理, whose drawer offers 指派) and other leave it
 * overlaps; saving is refused while any remains, with the same words.
 */
export function LeaveDialog({
  employee,
  open,
  onClose,
}: {
  employee: { id: number; name: string };
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const check = useLeaveCheck(employee.id, open ? range : null);
  const { add } = useLeaveMutations();
  const orders = check.data?.orders ?? [];
  const leaves = check.data?.leaves ?? [];
  const blocked = orders.length > 0 || leaves.length > 0;

  const close = () => {
    form.resetFields();
    setRange(null);
    onClose();
  };
  const submit = async (v: Values) => {
    const [from, to] = v.range ?? [];
    if (!from || !to) return;
    try {
      await add.mutateAsync({ employeeId: employee.id, from: toIso(from), to: toIso(to), reason: v.reason?.trim() });
      close();
    } catch {
      void check.refetch(); // the refusal was shown; the list says what is in the way now
    }
  };

  return (
    <Modal
      open={open}
      title={`请假/休假：${employee.name}`}
      okText="保存"
      cancelText="取消"
      onCancel={close}
      onOk={() => form.submit()}
      okButtonProps={{ disabled: blocked, loading: add.isPending }}
      width={640}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="leaveForm"
        onFinish={submit}
        onValuesChange={(_, all) => {
          const [a, b] = all.range ?? [];
          setRange(a && b ? { from: toIso(a), to: toIso(b) } : null);
        }}
      >
        <Form.Item
          name="range"
          label="起止时间"
          rules={[
            {
              validator: async (_r, v: Values['range']) => {
                if (!v?.[0] || !v[1]) throw new Error('请选择开始和结束时间');
                if (!v[1].isAfter(v[0])) throw new Error('结束时间须晚于开始时间');
                if (v[1].diff(v[0], 'day', true) > 90) throw new Error('一次休假最长 90 天');
              },
            },
          ]}
        >
          <DatePicker.RangePicker
            showTime={{
              format: 'HH:mm',
              minuteStep: 30,
              defaultValue: [dayjs('00:00', 'HH:mm'), dayjs('00:00', 'HH:mm')],
            }}
            format="YYYY-MM-DD HH:mm"
            placeholder={['开始时间', '结束时间']}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="reason" label="原因" rules={[{ max: 100, message: '原因最多 100 个字' }]}>
          <Input maxLength={100} placeholder="如：回老家、病假（选填）" />
        </Form.Item>
      </Form>
      {orders.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={`这段时间还有 ${orders.length} 个已指派的订单，请先改派后再登记休假`}
          description={
            <ul style={{ margin: '4px 0 0', paddingLeft: 18 }}>
              {orders.map((o) => (
                <li key={o.orderId} style={{ marginBottom: 4 }}>
                  {o.time} · {o.goodsName} · {o.customerName}{' '}
                  <Typography.Text type="secondary">
                    {o.orderNo}（{(ORDER_STATUS_NAME as Record<number, string>)[o.status] ?? o.status}）
                  </Typography.Text>{' '}
                  <PageLink page="merchant.order.list" query={{ id: o.orderId }}>
                    打开订单改派
                  </PageLink>
                </li>
              ))}
            </ul>
          }
        />
      )}
      {leaves.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 8 }}
          title={`与已有的休假重叠：${leaves.map((l) => `${formatDateTime(l.from)} 至 ${formatDateTime(l.to)}`).join('、')}`}
        />
      )}
    </Modal>
  );
}
