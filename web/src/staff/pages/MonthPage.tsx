import { staffApi } from '@jz/contracts/api/staff';
import { List } from 'antd-mobile';
import { Loading, Problem } from '../components/LoadState.tsx';
import { errorText, staffCall } from '../api/client.ts';
import { serviceText } from '../components/JobCard.tsx';
import { SubPage } from '../components/SubPage.tsx';
import { dayLabel, shanghaiDay, windowText } from '../lib/time.ts';
import { useLoad } from '../lib/use-load.ts';

/** 本月已完成: the count and the jobs she finished this month (Shanghai calendar). */
export function MonthPage() {
  const m = useLoad(() => staffCall(staffApi.month, { query: {} }), 'month');
  return (
    <SubPage title="本月已完成">
      {!m.data ? (
        m.error ? (
          <Problem title="加载失败" description={errorText(m.error)} onRetry={() => void m.reload()} />
        ) : (
          <Loading />
        )
      ) : (
        <>
          <section className="staff-card" style={{ marginTop: 12 }} aria-label="本月完成数">
            <div className="staff-muted">{m.data.month.replace('-', ' 年 ')} 月</div>
            <div className="staff-time" style={{ fontSize: 28 }}>
              已完成 {m.data.completed} 单
            </div>
          </section>
          <List mode="card">
            {m.data.jobs.map((j) => (
              <List.Item key={j.orderId} description={j.address}>
                {dayLabel(shanghaiDay(j.startsAt))} {windowText(j.startsAt, j.endsAt)} · {serviceText(j)}
              </List.Item>
            ))}
          </List>
        </>
      )}
    </SubPage>
  );
}
