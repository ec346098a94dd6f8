import { staffApi } from '@jz/contracts/api/staff';
import type { StaffJob } from '@jz/contracts/staff';
import { NavBar } from 'antd-mobile';
import { Loading, Problem } from '../components/LoadState.tsx';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorText, NETWORK, StaffApiError, staffCall } from '../api/client.ts';
import { serviceText } from '../components/JobCard.tsx';
import { JobTimeline } from '../components/JobTimeline.tsx';
import { OfflineBanner } from '../components/OfflineBanner.tsx';
import { PhoneCall } from '../components/PhoneCall.tsx';
import { RefusedSteps } from '../components/RefusedSteps.tsx';
import { StepAction } from '../components/StepAction.tsx';
import { StepTag } from '../components/StepTag.tsx';
import { loadJob } from '../offline/job-cache.ts';
import { withPending } from '../offline/step-queue.ts';
import { mapLink } from '../lib/map-link.ts';
import { relativeDayLabel, shanghaiDay, windowText } from '../lib/time.ts';
import { useLoad } from '../lib/use-load.ts';
import { onJobAnswered, useSteps } from '../store.ts';

async function loadDetail(orderId: number): Promise<{ job: StaffJob; offlineSince?: number }> {
  try {
    return { job: await staffCall(staffApi.job, { params: { orderId } }) };
  } catch (e) {
    const cached = e instanceof StaffApiError && e.code === NETWORK ? loadJob(orderId) : null;
    if (!cached) throw e;
    return { job: cached.job, offlineSince: cached.savedAt };
  }
}

/** One job: the customer, the address, the notes, the steps taken and the next one. */
export function JobDetailPage() {
  const orderId = Number(useParams().orderId);
  const navigate = useNavigate();
  const detail = useLoad(() => loadDetail(orderId), String(orderId));
  const { pending } = useSteps();
  const [answered, setAnswered] = useState<StaffJob>();
  useEffect(() => onJobAnswered((job) => job.orderId === orderId && setAnswered(job)), [orderId]);

  const back = (
    <NavBar back="返回" onBack={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}>
      订单详情
    </NavBar>
  );
  if (detail.loading && !detail.data)
    return (
      <div className="staff-page">
        {back}
        <Loading />
      </div>
    );
  if (!detail.data)
    return (
      <div className="staff-page">
        {back}
        <Problem title="无法打开订单" description={errorText(detail.error)} onRetry={() => void detail.reload()} />
      </div>
    );

  const server = answered ?? detail.data.job;
  const { job, waiting } = withPending(server, pending);
  return (
    <div className="staff-page">
      {back}
      {detail.data.offlineSince && <OfflineBanner savedAt={detail.data.offlineSince} />}
      <RefusedSteps orderId={orderId} />
      <section className="staff-card" style={{ marginTop: 12 }} aria-label="时间">
        <div className="staff-card-head">
          <span className="staff-muted">{relativeDayLabel(shanghaiDay(job.startsAt))}</span>
          <StepTag step={job.step} waiting={waiting.length > 0} />
        </div>
        <div className="staff-time" style={{ marginTop: 4, fontSize: 24 }}>
          {windowText(job.startsAt, job.endsAt)}
        </div>
        <div className="staff-line" style={{ fontWeight: 600 }}>
          {serviceText(job)}
        </div>
        <div className="staff-muted">订单号 {job.orderNo}</div>
      </section>

      <section className="staff-card" aria-label="顾客">
        <div className="staff-line" style={{ marginTop: 0 }}>
          <span className="staff-label">顾客</span>
          {job.customerName}
        </div>
        <PhoneCall job={job} />
        <div className="staff-line">
          <span className="staff-label">地址</span>
          {job.address}
        </div>
        <a className="staff-map-link" href={mapLink(job)} target="_blank" rel="noopener noreferrer">
          地图导航
        </a>
        {(job.addressNotes || job.remark) && (
          <div className="staff-note">
            {job.addressNotes && <div>门牌备注：{job.addressNotes}</div>}
            {job.remark && <div>顾客备注：{job.remark}</div>}
          </div>
        )}
      </section>

      {job.sheetText && (
        <section className="staff-card" aria-label="派工单">
          <div className="staff-muted">派工单</div>
          <div className="staff-sheet">{job.sheetText}</div>
        </section>
      )}

      <section className="staff-card" aria-label="服务进度">
        <JobTimeline job={job} waiting={waiting} />
      </section>

      {job.step !== 'done' && (
        <div className="staff-action-bar">
          <StepAction job={job} busy={waiting.length > 0} />
        </div>
      )}
    </div>
  );
}
