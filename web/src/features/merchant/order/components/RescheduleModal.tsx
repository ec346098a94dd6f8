import type { SlotRow } from '@jz/contracts/booking';
import { MAX_BOOKING_DAYS } from '@jz/contracts/constants/booking';
import { nextDay, shanghaiDay } from '@jz/contracts/constants/dispatch';
import { ORDER_STATUS, ORDER_STATUS_NAME } from '@jz/contracts/constants/order';
import { useQuery } from '@tanstack/react-query';
import { RESCHEDULE_REASON_MAX } from '@jz/contracts/constants/booking';
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Empty,
  Input,
  Modal,
  Skeleton,
  Space,
  Tooltip,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { QueryError } from '../../../../components/QueryState.tsx';
import { formatDateTime, toApiDate } from '../../../../lib/format.ts';
import { notify } from '../../../../lib/notify.ts';
import { getOrder, orderKeys, useOrderMutations, useRescheduleSlots } from '../api/order.ts';
import { goodsLine } from './goods-line.ts';

/** The days offered: today to MAX_BOOKING_DAYS ahead (Shanghai), as customer/slots accepts them. */
const firstDay = () => shanghaiDay(Date.now());
const lastDay = () => nextDay(firstDay(), MAX_BOOKING_DAYS);
/** The order's own day when it can still be chosen, else today. */
const startDay = (appointmentAt: string) => {
  const day = shanghaiDay(appointmentAt);
  return day >= firstDay() && day <= lastDay() ? day : firstDay();
};

/** What a start's card says: why it cannot be chosen (disabled), its short word, and its tooltip. */
function slotWords(s: SlotRow, current: boolean, employee: string) {
  if (current) return { why: '当前预约时间', note: '当前', tip: '当前预约时间' };
  if (!s.available) {
    const why = s.reason ?? '不可预约';
    return { why, note: s.reason === '已约满' ? '已约满' : '不可约', tip: why };
  }
  if (s.keepsEmployee === true) return { why: null, note: '保留原人员', tip: `${employee} 该时段有空，改约后不变` };
  if (s.keepsEmployee === false)
    return {
      why: null,
      note: '需重新派单',
      tip: `${employee} 该时段不能服务，改约后订单退回待接单（剩 ${s.capacity} 人可派）`,
    };
  return { why: null, note: `剩 ${s.capacity} 人`, tip: null };
}

/**
 * One start time as a selectable card: the time and what choosing it means. An assigned order's card says whether its
 * employee stays (保留原人员) or the order goes back to be dispatched again (需重新派单); otherwise the places left. A
 * start that cannot be chosen (the order's own, full, or ruled out by the booking rules) is disabled with a short
 * word and the server's reason in its tooltip and name.
 */
function SlotCard(props: {
  slot: SlotRow;
  current: boolean;
  on: boolean;
  employeeName: string | null;
  onPick: () => void;
}) {
  const { slot: s, current, on } = props;
  const { why, note, tip } = slotWords(s, current, props.employeeName ?? '服务人员');
  return (
    <Tooltip title={tip}>
      <span style={{ display: 'block', cursor: why ? 'not-allowed' : undefined }}>
        <Button
          role="radio"
          aria-checked={on}
          aria-label={`${s.time} ${why ?? note}`}
          type={on ? 'primary' : 'default'}
          disabled={!!why}
          onClick={props.onPick}
          data-testid={`slot-${s.time}`}
          style={{ width: '100%', height: 'auto', padding: '6px 4px', flexDirection: 'column', gap: 0 }}
        >
          <span style={{ fontWeight: 600, fontSize: 15 }}>{s.time}</span>
          <span style={{ fontSize: 12, opacity: on ? 1 : 0.75 }}>{note}</span>
        </Button>
      </span>
    </Tooltip>
  );
}

/**
 * 改约 (pay/dingdan/reschedule; docs/dispatch.md): moves an order not yet served (待付款, 待接单, 待服务) to another start
 * of the shop's booking rules. A day (today … 60 days ahead), then its start times (pay/dingdan/rescheduleSlots: the
 * order's own job length), each saying whether the employee stays or the places left; full or ruled-out ones are
 * disabled with the reason.
 * The assigned employee is kept when free then; otherwise the server releases them and the order returns to 待接单
 * (told as a warning). A refusal (2004: the time was just taken, a rule changed) stays in the dialog.
 */
export function RescheduleModal(props: { order: { id: number; orderNo: string } | null; onClose: () => void }) {
  const { order } = props;
  const [day, setDay] = useState<string>();
  const [picked, setPicked] = useState<string>();
  const [refusal, setRefusal] = useState<string | null>(null);
  // Required: the customer's SMS and the timeline say why the time moved.
  const [reason, setReason] = useState('');
  const { reschedule } = useOrderMutations();
  const detail = useQuery({
    queryKey: orderKeys.detail(order?.id ?? null),
    queryFn: () => getOrder(order!.id),
    enabled: !!order,
  });
  const o = detail.data;
  const date = day ?? (o ? startDay(o.appointmentAt) : firstDay());
  const slots = useRescheduleSlots(order && o ? order.id : null, date);

  const close = () => {
    setDay(undefined);
    setPicked(undefined);
    setRefusal(null);
    setReason('');
    props.onClose();
  };
  const choose = (at: string | undefined) => {
    setPicked(at);
    setRefusal(null);
  };
  const submit = async () => {
    if (!order || !picked || !reason.trim()) return;
    setRefusal(null);
    await reschedule.mutateAsync({ id: order.id, appointmentAt: picked, reason: reason.trim() }).then(
      (r) => {
        if (r.employeeReleased) notify.warning(r.message);
        else notify.success(r.message);
        close();
      },
      (e: unknown) => {
        setRefusal(e instanceof Error && e.message ? e.message : '改约失败，请重试');
        // the time may just have been taken: show the day as it is now
        void slots.refetch();
      },
    );
  };

  const currentAt = o ? Date.parse(o.appointmentAt) : 0;
  const list = slots.data?.slots ?? [];
  return (
    <Modal
      title={`改约 · ${order?.orderNo ?? ''}`}
      open={!!order}
      onCancel={close}
      onOk={submit}
      okText="确定改约"
      okButtonProps={{ disabled: !picked || !reason.trim(), loading: reschedule.isPending }}
      width={640}
      destroyOnHidden
    >
      {detail.isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : detail.isError && !o ? (
        <QueryError error={detail.error} onRetry={detail.refetch} compact />
      ) : !o ? null : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="当前预约">
              <Typography.Text strong data-testid="reschedule-current">
                {formatDateTime(o.appointmentAt)}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="服务">{goodsLine(o)}</Descriptions.Item>
            <Descriptions.Item label="状态 / 服务人员">
              {ORDER_STATUS_NAME[o.status]} · {o.employeeName ?? '未指派'}
            </Descriptions.Item>
          </Descriptions>
          <Alert
            type="info"
            showIcon
            title={
              o.employeeName
                ? `服务人员 ${o.employeeName} 在新时间有空则保留；否则订单退回「待接单」，需重新派单。`
                : '订单尚未指派服务人员，改约后状态不变（派单时按新时间安排）。'
            }
          />
          <Space wrap>
            <Typography.Text>新的日期</Typography.Text>
            <DatePicker
              aria-label="新的日期"
              allowClear={false}
              value={dayjs(date)}
              disabledDate={(d) => toApiDate(d) < firstDay() || toApiDate(d) > lastDay()}
              onChange={(d) => {
                if (!d) return;
                setDay(toApiDate(d));
                choose(undefined);
              }}
            />
            {slots.data && (
              <Typography.Text type="secondary">
                本单按 {slots.data.minutes} 分钟计算
                {slots.data.leadHours ? `，需提前 ${slots.data.leadHours} 小时` : ''}
              </Typography.Text>
            )}
          </Space>
          {slots.isLoading ? (
            <Skeleton active title={false} paragraph={{ rows: 3 }} />
          ) : slots.isError && !slots.data ? (
            <QueryError error={slots.error} onRetry={slots.refetch} compact />
          ) : list.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="当天没有可预约时间" />
          ) : (
            <div
              role="radiogroup"
              aria-label="开始时间"
              data-testid="reschedule-slots"
              style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))', gap: 8 }}
            >
              {list.map((s) => (
                <SlotCard
                  key={s.at}
                  slot={s}
                  current={Date.parse(s.at) === currentAt}
                  on={picked === s.at}
                  employeeName={o.status === ORDER_STATUS.TO_SERVE ? o.employeeName : null}
                  onPick={() => choose(s.at)}
                />
              ))}
            </div>
          )}
          <Space orientation="vertical" size={4} style={{ width: '100%' }}>
            <Typography.Text>
              改约原因 <Typography.Text type="secondary">（必填，将写入订单进度并短信告知客户）</Typography.Text>
            </Typography.Text>
            <Input.TextArea
              aria-label="改约原因"
              value={reason}
              maxLength={RESCHEDULE_REASON_MAX}
              showCount
              autoSize={{ minRows: 2, maxRows: 4 }}
              placeholder="如：服务人员临时有事，与客户协商改期"
              onChange={(e) => setReason(e.target.value)}
            />
          </Space>
          {refusal && (
            <Alert type="error" showIcon title="不能改约" description={refusal} data-testid="reschedule-refusal" />
          )}
        </Space>
      )}
    </Modal>
  );
}
