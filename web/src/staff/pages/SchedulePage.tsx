import { staffApi } from '@jz/contracts/api/staff';
import { STAFF_MAX_DAYS } from '@jz/contracts/constants/staff';
import { List, Tag } from 'antd-mobile';
import { Loading, Problem } from '../components/LoadState.tsx';
import { errorText, staffCall } from '../api/client.ts';
import { SubPage } from '../components/SubPage.tsx';
import { nextDay, relativeDayLabel, spanText, today } from '../lib/time.ts';
import { useLoad } from '../lib/use-load.ts';

/** The two weeks from today: `from`–`to` of the schedule call. */
export const twoWeeks = (now = Date.now()) => ({ from: today(now), to: nextDay(today(now), STAFF_MAX_DAYS - 1) });

/** 我的排班: her working hours per day for two weeks, leave, and how many jobs each day holds. */
export function SchedulePage() {
  const range = twoWeeks();
  const s = useLoad(() => staffCall(staffApi.schedule, { query: range }), range.from);
  return (
    <SubPage title="我的排班">
      {!s.data ? (
        s.error ? (
          <Problem title="加载失败" description={errorText(s.error)} onRetry={() => void s.reload()} />
        ) : (
          <Loading />
        )
      ) : (
        <List mode="card" header="未来两周">
          {s.data.days.map((d) => (
            <List.Item
              key={d.date}
              aria-label={relativeDayLabel(d.date)}
              extra={d.jobs ? <Tag color="primary">{d.jobs} 单</Tag> : null}
              description={
                d.leaves.length
                  ? d.leaves.map((l) => (
                      <div key={l.from} style={{ color: '#fa8c16' }}>
                        休假 {spanText(l.from, l.to)}
                        {l.reason ? `（${l.reason}）` : ''}
                      </div>
                    ))
                  : null
              }
            >
              <span style={{ fontWeight: 600 }}>{relativeDayLabel(d.date)}</span>
              <span style={{ marginLeft: 8 }}>
                {d.hours.length ? (
                  d.hours.map((h) => `${h.from}–${h.to}`).join('、')
                ) : (
                  <span className="staff-muted">休息</span>
                )}
              </span>
            </List.Item>
          ))}
        </List>
      )}
    </SubPage>
  );
}
