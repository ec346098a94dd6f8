import { NoticeBar } from 'antd-mobile';
import { STEP_NAME_OF } from './step-names.ts';
import { steps, useSteps } from '../store.ts';

/** Steps taken offline that the server later refused, each until she dismisses it. */
export function RefusedSteps({ orderId }: { orderId?: number }) {
  const { refused } = useSteps();
  const shown = refused.filter((s) => orderId === undefined || s.orderId === orderId);
  return (
    <>
      {shown.map((s) => (
        <NoticeBar
          key={s.stepId}
          color="error"
          wrap
          closeable
          onClose={() => steps.dismiss(s.stepId)}
          content={`「${STEP_NAME_OF[s.kind]}」未成功（订单 ${s.orderId}）：${s.refusal}`}
        />
      ))}
    </>
  );
}
