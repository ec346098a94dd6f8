import { JOB_STEP_NAME, LATE_AFTER_MINUTES } from '@jz/contracts/constants/staff';
import type { Block } from './board-geometry.ts';

/** The employee's step as the board shows it; nothing before she departs (the status colour says 待服务). */
export function stepName(b: Pick<Block, 'step'>) {
  return b.step && b.step !== 'assigned' ? JOB_STEP_NAME[b.step] : null;
}

/** Why the block needs the dispatcher's eye: late without a clock-in, or a clock-in far away or without a location. */
export function stepWarning(b: Pick<Block, 'late' | 'arrivalFlag' | 'arrivalDistanceM'>) {
  if (b.arrivalFlag === 'far')
    return `打卡距离过远${b.arrivalDistanceM !== null && b.arrivalDistanceM !== undefined ? `（${b.arrivalDistanceM} 米）` : ''}`;
  if (b.arrivalFlag === 'no_location') return '到达打卡未获取位置';
  if (b.late) return `迟到：开始 ${LATE_AFTER_MINUTES} 分钟后仍未到达打卡`;
  return null;
}

/** The words the block's title and accessible name gain: ' · 已出发 · 打卡距离过远（812 米）'. */
export function stepText(b: Block) {
  return [stepName(b), stepWarning(b)]
    .filter(Boolean)
    .map((s) => ` · ${s}`)
    .join('');
}

/** A small step tag and a warning mark, inside a board block or a week chip. */
export function StepMarks({ b }: { b: Block }) {
  const step = stepName(b);
  const warning = stepWarning(b);
  return (
    <>
      {step && (
        <span className="jz-dispatch-step" data-step={b.step}>
          {step}
        </span>
      )}
      {warning && (
        <span className="jz-dispatch-warn" data-testid="step-warning" title={warning}>
          !
        </span>
      )}
    </>
  );
}
