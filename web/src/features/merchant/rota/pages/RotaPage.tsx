import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { nextDay, shanghaiDay, weekdayOf } from '@jz/contracts/constants/dispatch';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Result, Space, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { QueryError } from '../../../../components/QueryState.tsx';
import { hasPerm } from '../../../../lib/access.tsx';
import { initPcQuery } from '../../../../lib/queries.ts';
import { useRota } from '../api/rota.ts';
import type { CellTarget } from '../components/ExceptionModal.tsx';
import { LazyExceptionModal } from '../components/LazyExceptionModal.tsx';
import { LeaveRequests } from '../components/LeaveRequests.tsx';
import { RotaGrid } from '../components/RotaGrid.tsx';

/** The Monday of the Shanghai week holding `day`. */
const mondayOf = (day: string) => nextDay(day, -weekdayOf(day));
const label = (d: string) => `${Number(d.slice(5, 7))}月${Number(d.slice(8, 10))}日`;

/**
 * 员工排班 (/yuangongpaiban): the current shop's week — everyone's hours with the dates' exceptions, editable in place
 * (with 派单's permission) — and 请假审批, the staff page's leave requests.
 */
export default function RotaPage() {
  const { data: init } = useQuery(initPcQuery);
  const shopId = init?.curDianpu?.id;
  const [week, setWeek] = useState(() => mondayOf(shanghaiDay(Date.now())));
  const q = useRota(week, shopId);
  const [editing, setEditing] = useState<CellTarget | null>(null);
  // `?tab=leave` opens 请假审批: the message centre's link for a leave request lands there
  const [sp, setSp] = useSearchParams();
  const tab = sp.get('tab') === 'leave' ? 'leave' : 'rota';
  // `&id=` (a message about one request): 请假审批 lists every state and marks that request
  const focusId = Number(sp.get('id')) || undefined;
  const canEdit = hasPerm('merchant:dispatch:assign');

  if (init && !shopId) return <Result status="info" title="您还没有店铺" subTitle="创建店铺并添加员工后即可排班" />;

  const toolbar = (
    <Space wrap>
      <Button icon={<LeftOutlined />} onClick={() => setWeek(nextDay(week, -7))}>
        上一周
      </Button>
      <Button onClick={() => setWeek(mondayOf(shanghaiDay(Date.now())))}>本周</Button>
      <Button onClick={() => setWeek(nextDay(week, 7))}>
        下一周 <RightOutlined />
      </Button>
      <DatePicker
        picker="week"
        allowClear={false}
        aria-label="选择周"
        value={dayjs(week)}
        onChange={(d) => d && setWeek(mondayOf(d.format('YYYY-MM-DD')))}
      />
      <Typography.Text type="secondary">
        {label(week)} – {label(nextDay(week, 6))}
      </Typography.Text>
    </Space>
  );

  return (
    <Card className="jz-card" title={`员工排班${init?.curDianpu ? `：${init.curDianpu.name}` : ''}`}>
      <Tabs
        activeKey={tab}
        onChange={(k) => setSp(k === 'leave' ? { tab: 'leave' } : {}, { replace: true })}
        items={[
          {
            key: 'rota',
            label: '排班',
            children: (
              <Space orientation="vertical" size={12} style={{ width: '100%' }}>
                {toolbar}
                <Typography.Text type="secondary">
                  每周排班在员工资料中设置；点击某一天可按日期调整（休息、加班或缩短），派单看板和顾客可约时段随之变化。
                </Typography.Text>
                {q.isError ? (
                  <QueryError error={q.error} onRetry={q.refetch} />
                ) : (
                  <RotaGrid
                    data={q.data}
                    loading={q.isLoading || q.isFetching}
                    onEdit={canEdit ? setEditing : undefined}
                  />
                )}
              </Space>
            ),
          },
          { key: 'leave', label: '请假审批', children: <LeaveRequests shopId={shopId} focusId={focusId} /> },
        ]}
      />
      <LazyExceptionModal target={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
