import { staffApi } from '@jz/contracts/api/staff';
import type { StaffLeaveRequest } from '@jz/contracts/staff';
import { STAFF_LEAVE_STATUS, STAFF_LEAVE_STATUS_NAME } from '@jz/contracts/constants/staff';
import { Button, Dialog, List, Tag, Toast } from 'antd-mobile';
import { useState } from 'react';
import { errorText, staffCall } from '../api/client.ts';
import { instantText, spanText } from '../lib/time.ts';

const STATUS_COLOR: Record<number, string> = {
  [STAFF_LEAVE_STATUS.pending]: 'warning',
  [STAFF_LEAVE_STATUS.approved]: 'success',
  [STAFF_LEAVE_STATUS.refused]: 'danger',
  [STAFF_LEAVE_STATUS.withdrawn]: 'default',
};

/** One sentence saying where the request stands, so she never has to guess from the tag alone. */
export function leaveStateText(r: StaffLeaveRequest) {
  switch (r.status) {
    case STAFF_LEAVE_STATUS.pending:
      return '等待调度审批，审批前可以撤回';
    case STAFF_LEAVE_STATUS.approved:
      return '已批准，休假已生效';
    case STAFF_LEAVE_STATUS.refused:
      return '未批准，这段时间照常上班';
    case STAFF_LEAVE_STATUS.withdrawn:
      return r.decidedAt ? '批准后已撤回，休假已取消' : '已撤回';
    default:
      return '';
  }
}

/** When it was answered or withdrawn: '12月1日 08:10 批准'. */
function stateTime(r: StaffLeaveRequest) {
  if (r.status === STAFF_LEAVE_STATUS.withdrawn && r.withdrawnAt) return `${instantText(r.withdrawnAt)} 撤回`;
  if (r.status === STAFF_LEAVE_STATUS.approved && r.decidedAt) return `${instantText(r.decidedAt)} 批准`;
  if (r.status === STAFF_LEAVE_STATUS.refused && r.decidedAt) return `${instantText(r.decidedAt)} 答复`;
  return `${instantText(r.createdAt)} 提交`;
}

/**
 * 我的申请: each request with its state said in words (待审批 / 已批准 / 已拒绝 / 已撤回), the reason and the
 * dispatcher's reply, and 撤回 while the server allows it (pending, or approved and not begun), after a confirmation.
 */
export function LeaveRequests({
  requests,
  loading,
  error,
  onChanged,
}: {
  requests: StaffLeaveRequest[];
  loading: boolean;
  error?: unknown;
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState<number>();

  async function withdraw(r: StaffLeaveRequest) {
    const approved = r.status === STAFF_LEAVE_STATUS.approved;
    const ok = await Dialog.confirm({
      title: '确定撤回这次请假吗？',
      content: approved
        ? `${spanText(r.from, r.to)} 的休假已批准，撤回后休假取消，这段时间可能会给您派单。`
        : `${spanText(r.from, r.to)} 的请假申请将撤回，调度不再审批。`,
      confirmText: '确认撤回',
      cancelText: '不撤回',
    });
    if (!ok) return;
    setBusy(r.id);
    try {
      await staffCall(staffApi.withdrawLeave, { params: { id: r.id } });
      Toast.show({ icon: 'success', content: approved ? '已撤回，休假已取消' : '已撤回' });
    } catch (e) {
      // Answered meanwhile, or begun: say why; the list below shows how it stands now.
      Toast.show({ content: errorText(e), duration: 3000 });
    } finally {
      setBusy(undefined);
      onChanged();
    }
  }

  return (
    <List mode="card" header="我的申请">
      {requests.length === 0 ? (
        <List.Item>
          <span className="staff-muted">{error ? errorText(error) : loading ? '加载中…' : '暂无申请'}</span>
        </List.Item>
      ) : (
        requests.map((r) => (
          <List.Item
            key={r.id}
            description={
              <>
                <div className={`staff-leave-state staff-leave-state-${r.status}`}>{leaveStateText(r)}</div>
                <div>原因：{r.reason}</div>
                {r.reply && <div>调度回复：{r.reply}</div>}
                <div className="staff-muted">{stateTime(r)}</div>
                {r.withdrawable && (
                  <Button
                    size="small"
                    fill="outline"
                    color="danger"
                    className="staff-leave-withdraw"
                    loading={busy === r.id}
                    disabled={busy !== undefined && busy !== r.id}
                    onClick={() => void withdraw(r)}
                  >
                    撤回{r.status === STAFF_LEAVE_STATUS.approved ? '休假' : '申请'}
                  </Button>
                )}
              </>
            }
          >
            <div className="staff-leave-head">
              <span className="staff-leave-span">{spanText(r.from, r.to)}</span>
              <Tag color={STATUS_COLOR[r.status] ?? 'default'} className="staff-leave-tag">
                {STAFF_LEAVE_STATUS_NAME[r.status] ?? '未知'}
              </Tag>
            </div>
          </List.Item>
        ))
      )}
    </List>
  );
}
