import { staffApi } from '@jz/contracts/api/staff';
import { Button, List, TextArea, Toast } from 'antd-mobile';
import { useId, useState } from 'react';
import { errorText, staffCall } from '../api/client.ts';
import { FieldLabel } from '../components/FieldLabel.tsx';
import { LeaveRequests } from '../components/LeaveRequests.tsx';
import { SubPage } from '../components/SubPage.tsx';
import { nextDay, today, wallInputToIso } from '../lib/time.ts';
import { useLoad } from '../lib/use-load.ts';
import { twoWeeks } from './SchedulePage.tsx';

/** 请假申请: from–to with date and time and a reason; her requests with the dispatcher's answer, and 撤回. */
export function LeavePage() {
  const tomorrow = nextDay(today());
  const [from, setFrom] = useState(`${tomorrow}T08:00`);
  const [to, setTo] = useState(`${tomorrow}T18:00`);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const ids = { from: useId(), to: useId(), reason: useId() };
  const range = twoWeeks();
  const list = useLoad(() => staffCall(staffApi.schedule, { query: range }), range.from);

  async function submit() {
    if (!from || !to) return setError('请选择开始和结束时间');
    if (to <= from) return setError('结束时间须晚于开始时间');
    if (!reason.trim()) return setError('请填写请假原因');
    setError(undefined);
    setSending(true);
    try {
      await staffCall(staffApi.requestLeave, {
        body: { from: wallInputToIso(from), to: wallInputToIso(to), reason: reason.trim() },
      });
      Toast.show({ icon: 'success', content: '已提交，等待调度审批' });
      setReason('');
      void list.reload();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSending(false);
    }
  }

  const inputStyle = {
    width: '100%',
    font: 'inherit',
    fontSize: 16,
    padding: '8px 0',
    border: 0,
    background: 'transparent',
  };
  return (
    <SubPage title="请假申请">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        noValidate
      >
        <List mode="card" header="新的请假">
          <List.Item title={<FieldLabel htmlFor={ids.from}>开始时间</FieldLabel>}>
            <input
              id={ids.from}
              type="datetime-local"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
              style={inputStyle}
            />
          </List.Item>
          <List.Item title={<FieldLabel htmlFor={ids.to}>结束时间</FieldLabel>}>
            <input
              id={ids.to}
              type="datetime-local"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              style={inputStyle}
            />
          </List.Item>
          <List.Item title={<FieldLabel htmlFor={ids.reason}>请假原因</FieldLabel>}>
            <TextArea
              id={ids.reason}
              placeholder="如：家里有事"
              maxLength={200}
              rows={2}
              value={reason}
              onChange={setReason}
            />
          </List.Item>
        </List>
        <div className="staff-section">
          {error && (
            <p className="staff-field-error" role="alert">
              {error}
            </p>
          )}
          <Button block type="submit" color="primary" size="large" loading={sending}>
            提交申请
          </Button>
        </div>
      </form>
      <LeaveRequests
        requests={list.data?.requests ?? []}
        loading={list.loading}
        error={list.error}
        onChanged={() => void list.reload()}
      />
    </SubPage>
  );
}
