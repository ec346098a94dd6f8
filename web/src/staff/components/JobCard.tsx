import type { StaffJob } from '@jz/contracts/staff';
import { mapLink } from '../lib/map-link.ts';
import { windowText } from '../lib/time.ts';
import { StepTag } from './StepTag.tsx';

/**
 * The service in one line, as the 派工单 says it: '日常保洁 3 小时 × 1' (a fixed specification), '开荒保洁 · 61–90㎡（85
 * 平方米）', '家庭保洁（3 小时）'.
 */
export function serviceText(j: Pick<StaffJob, 'goodsName' | 'specName' | 'quantityLabel'>) {
  const what = [j.goodsName, j.specName].filter(Boolean).join(' · ');
  return j.quantityLabel.startsWith('×') ? `${what} ${j.quantityLabel}` : `${what}（${j.quantityLabel}）`;
}

/** One job in the list: what she needs at a glance on the way (time, what, where, who, notes). */
export function JobCard({ job, waiting, onOpen }: { job: StaffJob; waiting: boolean; onOpen: () => void }) {
  return (
    <article className="staff-card" aria-label={`订单 ${job.orderNo}`} data-order-id={job.orderId}>
      <button
        type="button"
        onClick={onOpen}
        style={{ all: 'unset', display: 'block', width: '100%', cursor: 'pointer' }}
        aria-label={`查看订单 ${job.orderNo}`}
      >
        <div className="staff-card-head">
          <span className="staff-time">{windowText(job.startsAt, job.endsAt)}</span>
          <StepTag step={job.step} waiting={waiting} />
        </div>
        <div className="staff-line" style={{ fontWeight: 600 }}>
          {serviceText(job)}
        </div>
        <div className="staff-line">
          <span className="staff-label">顾客</span>
          {job.customerName}
        </div>
        <div className="staff-line">
          <span className="staff-label">地址</span>
          {job.address}
        </div>
        {(job.addressNotes || job.remark) && (
          <div className="staff-note">
            {job.addressNotes && <div>门牌备注：{job.addressNotes}</div>}
            {job.remark && <div>顾客备注：{job.remark}</div>}
          </div>
        )}
        {job.sheetText && <div className="staff-sheet">{job.sheetText}</div>}
      </button>
      <a className="staff-map-link" href={mapLink(job)} target="_blank" rel="noopener noreferrer">
        地图导航
      </a>
    </article>
  );
}
