import type { StaffJob } from '@jz/contracts/staff';
import { Button, Input, Toast } from 'antd-mobile';
import { lazy, Suspense, useId, useState } from 'react';
import { FieldLabel } from './FieldLabel.tsx';
import { Loading } from './LoadState.tsx';
import { currentPoint } from '../lib/geolocation.ts';
import { take } from './take-step.ts';

const FinishStep = lazy(() => import('./FinishStep.tsx').then((m) => ({ default: m.FinishStep })));

/** The next step's control, at the bottom of the job: one large button (or the code, or the photos). */
export function StepAction({ job, busy }: { job: StaffJob; busy: boolean }) {
  const [working, setWorking] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const codeId = useId();
  const run = async (fn: () => Promise<void>) => {
    setWorking(true);
    try {
      await fn();
    } finally {
      setWorking(false);
    }
  };
  const big = { block: true, size: 'large', color: 'primary', loading: working, disabled: busy } as const;

  if (job.step === 'assigned')
    return (
      <Button {...big} onClick={() => void run(() => take(job, 'depart'))}>
        出发
      </Button>
    );
  if (job.step === 'departed')
    return (
      <Button
        {...big}
        loadingText="正在获取位置…"
        onClick={() =>
          void run(async () => {
            const p = await currentPoint();
            if (!p) Toast.show({ content: '未获取到位置，将按无定位打卡（调度会看到提示）', duration: 2500 });
            await take(job, 'arrive', p ? { ...p } : {});
          })
        }
      >
        到达打卡
      </Button>
    );
  if (job.step === 'arrived')
    return (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const c = code.trim();
          if (!/^\d{12}$/.test(c)) return setCodeError('核销码为 12 位数字');
          setCodeError(undefined);
          void run(() => take(job, 'start', { code: c }));
        }}
      >
        <FieldLabel htmlFor={codeId}>顾客核销码</FieldLabel>
        <Input
          id={codeId}
          className="staff-code-input"
          placeholder="请输入顾客的 12 位核销码"
          inputMode="numeric"
          maxLength={12}
          value={code}
          onChange={(v) => setCode(v.replace(/\D/g, ''))}
          style={{ marginBottom: 8 }}
        />
        {codeError && (
          <p className="staff-field-error" role="alert">
            {codeError}
          </p>
        )}
        <Button {...big} type="submit">
          开始服务
        </Button>
      </form>
    );
  // serving: the photo uploader loads when first needed (it is most of a finish's code).
  return (
    <Suspense fallback={<Loading />}>
      <FinishStep job={job} run={run} big={big} />
    </Suspense>
  );
}
