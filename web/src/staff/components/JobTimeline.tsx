import type { StaffJob } from '@jz/contracts/staff';
import { Image, Steps } from 'antd-mobile';
import type { QueuedStep, StepKind } from '../offline/step-queue.ts';
import { stepTime } from '../lib/time.ts';
import { STEP_NAME_OF } from './step-names.ts';

const ORDER: { kind: StepKind; at: keyof StaffJob }[] = [
  { kind: 'depart', at: 'departedAt' },
  { kind: 'arrive', at: 'arrivedAt' },
  { kind: 'start', at: 'startedAt' },
  { kind: 'finish', at: 'finishedAt' },
];

/** Where the clock-in was, as the dispatcher will see it. */
export function arrivalText(job: StaffJob) {
  if (job.arrivalFlag === 'no_location') return '未获取到位置（已提示调度）';
  if (job.arrivalDistanceM === null) return '';
  const d =
    job.arrivalDistanceM >= 1000 ? `${(job.arrivalDistanceM / 1000).toFixed(1)} 公里` : `${job.arrivalDistanceM} 米`;
  return job.arrivalFlag === 'far' ? `距地址 ${d}，超出打卡范围（已提示调度）` : `距地址 ${d}`;
}

/** The four steps with the time each was taken (待同步 while it waits to be sent). */
export function JobTimeline({ job, waiting }: { job: StaffJob; waiting: QueuedStep[] }) {
  const current = ORDER.findIndex((s) => !job[s.at]);
  return (
    <Steps direction="vertical" current={current < 0 ? ORDER.length : current}>
      {ORDER.map((s) => {
        const at = job[s.at] as string | null;
        const queued = waiting.some((w) => w.kind === s.kind);
        const lines = [
          at ? `${stepTime(at)}${queued ? '（待同步）' : ''}` : '',
          s.kind === 'arrive' && at && !queued ? arrivalText(job) : '',
          s.kind === 'finish' && job.finishNote ? `备注：${job.finishNote}` : '',
        ].filter(Boolean);
        return (
          <Steps.Step
            key={s.kind}
            title={STEP_NAME_OF[s.kind].replace('打卡', '').replace('完成服务', '完成')}
            status={at ? 'finish' : 'wait'}
            description={
              <div>
                {lines.map((l) => (
                  <div key={l} className={l.includes('已提示调度') ? 'staff-field-error' : 'staff-steps-time'}>
                    {l}
                  </div>
                ))}
                {s.kind === 'finish' && job.photos.length > 0 && (
                  <div style={{ display: 'flex', gap: 6, flexWrap: 'wrap', marginTop: 6 }}>
                    {job.photos.map((p, i) => (
                      <Image key={p} src={p} width={64} height={64} fit="cover" alt={`完成照片 ${i + 1}`} />
                    ))}
                  </div>
                )}
              </div>
            }
          />
        );
      })}
    </Steps>
  );
}
