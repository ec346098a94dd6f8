import { wallHm, shanghaiDay } from '@jz/contracts/shanghai-time';
import type { OrderStaffSteps } from '@jz/contracts/staff';
import { JOB_STEP_NAME, LATE_AFTER_MINUTES } from '@jz/contracts/constants/staff';
import { Descriptions, Image, Space, Tag, Typography } from 'antd';
import { fileUrl } from '../../../../components/upload/upload-api.ts';

/** A step's time as the shop lives it: Shanghai wall time, whatever the dispatcher's computer says. */
export const shanghaiTime = (iso: string | null) => (iso ? `${shanghaiDay(iso)} ${wallHm(iso)}` : '-');

const STEP_COLOR = { assigned: 'default', departed: 'processing', arrived: 'cyan', serving: 'blue', done: 'success' };

/** The clock-in: its distance and, when the board flags it, why (beyond the shop's radius, or no location given). */
export function ArrivalFlag({ s }: { s: Pick<OrderStaffSteps, 'arrivalFlag' | 'arrivalDistanceM'> }) {
  return (
    <Space size={4}>
      {s.arrivalDistanceM !== null && <span>距地址 {s.arrivalDistanceM} 米</span>}
      {s.arrivalFlag === 'far' && <Tag color="error">距离过远</Tag>}
      {s.arrivalFlag === 'no_location' && <Tag color="warning">未获取位置</Tag>}
    </Space>
  );
}

/**
 * 员工进度 in the order drawer: what the employee did on the staff page — 出发, 到达 (distance, flagged when far or
 * without a location), 开始服务, 完成 with her photos (private files, signed in the answer; previewed in place) and
 * note — and the 迟到提醒 when she had not clocked in 15 minutes after the start.
 */
export function StaffSteps({ steps }: { steps: OrderStaffSteps }) {
  return (
    <div data-testid="order-staff-steps">
      <Descriptions
        title={
          <Space>
            员工进度
            <Tag color={STEP_COLOR[steps.step]}>{JOB_STEP_NAME[steps.step]}</Tag>
            {steps.lateAt && !steps.arrivedAt && <Tag color="error">迟到</Tag>}
          </Space>
        }
        bordered
        size="small"
        column={2}
      >
        <Descriptions.Item label="出发">{shanghaiTime(steps.departedAt)}</Descriptions.Item>
        <Descriptions.Item label="到达打卡">
          {steps.arrivedAt ? (
            <Space size={8} wrap>
              {shanghaiTime(steps.arrivedAt)}
              <ArrivalFlag s={steps} />
            </Space>
          ) : (
            '-'
          )}
        </Descriptions.Item>
        <Descriptions.Item label="开始服务">{shanghaiTime(steps.startedAt)}</Descriptions.Item>
        <Descriptions.Item label="完成">{shanghaiTime(steps.finishedAt)}</Descriptions.Item>
        {steps.lateAt && (
          <Descriptions.Item label="迟到提醒" span={2}>
            <Typography.Text type="danger">
              {shanghaiTime(steps.lateAt)} 提醒：开始 {LATE_AFTER_MINUTES} 分钟后仍未到达打卡
            </Typography.Text>
          </Descriptions.Item>
        )}
        {steps.photos.length > 0 && (
          <Descriptions.Item label="服务照片" span={2}>
            <Image.PreviewGroup>
              <Space wrap size={8}>
                {steps.photos.map((src, i) => (
                  <Image
                    key={src}
                    src={fileUrl(src)}
                    alt={`服务照片 ${i + 1}`}
                    width={72}
                    height={72}
                    style={{ objectFit: 'cover', borderRadius: 4 }}
                  />
                ))}
              </Space>
            </Image.PreviewGroup>
          </Descriptions.Item>
        )}
        {steps.finishNote && (
          <Descriptions.Item label="员工备注" span={2}>
            {steps.finishNote}
          </Descriptions.Item>
        )}
      </Descriptions>
    </div>
  );
}
