import { JOB_STEP_NAME, type JobStep } from '@jz/contracts/constants/staff';
import { Tag } from 'antd-mobile';

const COLOR: Record<JobStep, string> = {
  assigned: 'default',
  departed: 'primary',
  arrived: 'warning',
  serving: 'primary',
  done: 'success',
};

/** The job's step (待出发 / 已出发 / 已到达 / 服务中 / 已完成), and 待同步 while a step waits in the queue. */
export function StepTag({ step, waiting }: { step: JobStep; waiting?: boolean }) {
  return (
    <span style={{ display: 'inline-flex', gap: 4 }}>
      <Tag
        color={COLOR[step]}
        fill={step === 'serving' ? 'solid' : 'outline'}
        style={{ fontSize: 13, padding: '3px 6px' }}
      >
        {JOB_STEP_NAME[step]}
      </Tag>
      {waiting && (
        <Tag color="warning" fill="solid" style={{ fontSize: 13, padding: '3px 6px' }}>
          待同步
        </Tag>
      )}
    </span>
  );
}
