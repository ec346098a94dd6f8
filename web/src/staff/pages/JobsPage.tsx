import { staffApi } from '@jz/contracts/api/staff';
import type { StaffJob } from '@jz/contracts/staff';
import { Button, NavBar, Tabs } from 'antd-mobile';
import { Loading, Problem } from '../components/LoadState.tsx';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText, NETWORK, StaffApiError, staffCall } from '../api/client.ts';
import { JobCard } from '../components/JobCard.tsx';
import { OfflineBanner } from '../components/OfflineBanner.tsx';
import { RefusedSteps } from '../components/RefusedSteps.tsx';
import { loadJobs, saveJobs } from '../offline/job-cache.ts';
import { withPending } from '../offline/step-queue.ts';
import { relativeDayLabel, shanghaiDay, tabRange } from '../lib/time.ts';
import { useLoad } from '../lib/use-load.ts';
import { onJobAnswered, useSteps } from '../store.ts';

const TABS = [
  { key: 'today', title: '今日' },
  { key: 'tomorrow', title: '明日' },
  { key: 'week', title: '本周' },
] as const;
type Tab = (typeof TABS)[number]['key'];

interface JobsAnswer {
  jobs: StaffJob[];
  /** Set when the answer is the saved copy (no connection). */
  offlineSince?: number;
}

/** Loads a range's jobs; without a connection, the copy saved at the last sync. */
export async function loadRange(from: string, to: string): Promise<JobsAnswer> {
  const key = `${from}_${to}`;
  try {
    const r = await staffCall(staffApi.jobs, { query: from === to ? { date: from } : { from, to } });
    saveJobs(key, r.jobs);
    return { jobs: r.jobs };
  } catch (e) {
    const cached = e instanceof StaffApiError && e.code === NETWORK ? loadJobs(key) : null;
    if (!cached) throw e;
    return { jobs: cached.jobs, offlineSince: cached.savedAt };
  }
}

/** Time order; then by order number, so that two jobs at one time keep their places. */
export const byTime = (a: StaffJob, b: StaffJob) =>
  Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.orderId - b.orderId;

/** 今日 / 明日 / 本周: her jobs in time order; 本周 under a heading per day. */
export function JobsPage() {
  const [params, setParams] = useSearchParams();
  const tab = (TABS.some((t) => t.key === params.get('tab')) ? params.get('tab') : 'today') as Tab;
  const { from, to } = tabRange(tab);
  const navigate = useNavigate();
  const { pending } = useSteps();
  const list = useLoad(() => loadRange(from, to), `${from}_${to}`);
  const [answered, setAnswered] = useState<Map<number, StaffJob>>(new Map());
  useEffect(() => onJobAnswered((job) => setAnswered((m) => new Map(m).set(job.orderId, job))), []);

  const groups = useMemo(() => {
    const jobs = (list.data?.jobs ?? [])
      .map((j) => withPending(answered.get(j.orderId) ?? j, pending))
      .sort((a, b) => byTime(a.job, b.job));
    const byDay = new Map<string, typeof jobs>();
    for (const j of jobs) {
      const d = shanghaiDay(j.job.startsAt);
      byDay.set(d, [...(byDay.get(d) ?? []), j]);
    }
    return [...byDay];
  }, [list.data, pending, answered]);

  return (
    <div className="staff-page">
      <NavBar
        back={null}
        right={
          <Button size="small" fill="none" color="primary" loading={list.loading} onClick={() => void list.reload()}>
            刷新
          </Button>
        }
      >
        我的订单
      </NavBar>
      <Tabs activeKey={tab} onChange={(k) => setParams({ tab: k }, { replace: true })}>
        {TABS.map((t) => (
          <Tabs.Tab key={t.key} title={t.title} />
        ))}
      </Tabs>
      {list.data?.offlineSince && <OfflineBanner savedAt={list.data.offlineSince} />}
      <RefusedSteps />
      {list.loading && !list.data ? (
        <Loading />
      ) : list.error && !list.data ? (
        <Problem title="加载失败" description={errorText(list.error)} onRetry={() => void list.reload()} />
      ) : groups.length === 0 ? (
        <Problem title="暂无订单" description={tab === 'week' ? '本周没有派给您的订单' : '这天没有派给您的订单'} />
      ) : (
        groups.map(([day, jobs]) => (
          <section key={day} aria-label={relativeDayLabel(day)}>
            {(tab === 'week' || groups.length > 1) && <h2 className="staff-day-head">{relativeDayLabel(day)}</h2>}
            {jobs.map(({ job, waiting }) => (
              <JobCard
                key={job.orderId}
                job={job}
                waiting={waiting.length > 0}
                onOpen={() => navigate(`/jobs/${job.orderId}`)}
              />
            ))}
          </section>
        ))
      )}
    </div>
  );
}
