import type { StepKind } from '../offline/step-queue.ts';

/** The buttons' names, as the refusals and the timeline name the steps. */
export const STEP_NAME_OF: Record<StepKind, string> = {
  depart: '出发',
  arrive: '到达打卡',
  start: '开始服务',
  finish: '完成服务',
};
