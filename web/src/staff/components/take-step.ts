import type { StaffJob } from '@jz/contracts/staff';
import { Dialog, Toast } from 'antd-mobile';
import type { StepKind } from '../offline/step-queue.ts';
import { steps } from '../store.ts';
import { STEP_NAME_OF } from './step-names.ts';

/** After a tap: say whether it went through, waits for the connection, or was refused. */
function reportTake(
  name: string,
  stepId: string,
  isPending: boolean,
  refusal: string | undefined,
  dismiss: () => void,
) {
  if (refusal) {
    dismiss();
    void Dialog.alert({ title: `「${name}」未成功`, content: refusal, confirmText: '知道了' });
  } else if (isPending) Toast.show({ content: '网络不可用，已保存，联网后自动发送', duration: 2500 });
  else Toast.show({ icon: 'success', content: `${name}：已提交` });
  return stepId;
}

/** Takes one step through the queue and says how it went. */
export async function take(job: StaffJob, kind: StepKind, body: Record<string, unknown> = {}) {
  const s = await steps.take(job.orderId, kind, body);
  reportTake(STEP_NAME_OF[kind], s.stepId, steps.isPending(s.stepId), steps.refusalOf(s.stepId), () =>
    steps.dismiss(s.stepId),
  );
}
