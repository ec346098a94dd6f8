import type { StaffLeaveRequest } from '@jz/contracts/staff';
import { STAFF_LEAVE_STATUS, STAFF_LEAVE_STATUS_NAME } from '@jz/contracts/constants/staff';
import { Button, Input, Modal, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { hasPerm } from '../../../../lib/access.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { useLeaveRequests, useRotaMutations } from '../api/rota.ts';

const STATUS_COLOR: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'red', 3: 'default' };

/**
 * 请假审批: the staff page's leave requests of the current shop, pending first (the server's order). 批准 creates the
 * leave (refused, with the orders to move, when it overlaps assigned jobs); 拒绝 asks for a reply. Either answer is
 * sent to the employee by SMS. `focusId` (a message's link to one request): opens on 全部, where that request is listed
 * whatever its state (a withdrawn one is not pending), and marks its row.
 */
export function LeaveRequests({ shopId, focusId }: { shopId: number | undefined; focusId?: number }) {
  const [status, setStatus] = useState<number | undefined>(focusId ? undefined : STAFF_LEAVE_STATUS.pending);
  const [pageNum, setPageNum] = useState(1);
  const q = useLeaveRequests(shopId, status, pageNum);
  const { decide } = useRotaMutations();
  const [refusing, setRefusing] = useState<StaffLeaveRequest | null>(null);
  const [reply, setReply] = useState('');
  const canDecide = hasPerm('merchant:dispatch:assign');

  const approve = (r: StaffLeaveRequest) => decide.mutateAsync({ id: r.id, approve: true }).catch(() => undefined);
  const refuse = async () => {
    if (!refusing) return;
    try {
      await decide.mutateAsync({ id: refusing.id, approve: false, reply: reply.trim() || undefined });
      setRefusing(null);
      setReply('');
    } catch {
      /* shown by the client */
    }
  };

  return (
    <>
      <Segmented
        style={{ marginBottom: 12 }}
        value={status ?? 'all'}
        onChange={(v) => {
          setStatus(v === 'all' ? undefined : Number(v));
          setPageNum(1);
        }}
        options={[
          { label: '待审批', value: STAFF_LEAVE_STATUS.pending },
          { label: '全部', value: 'all' },
        ]}
      />
      <Table<StaffLeaveRequest>
        rowKey="id"
        rowClassName={(r) => (r.id === focusId ? 'jz-row-focus' : '')}
        size="small"
        loading={q.isLoading}
        dataSource={q.data?.records ?? []}
        pagination={{ current: pageNum, pageSize: 10, total: q.data?.total ?? 0, onChange: setPageNum }}
        locale={{ emptyText: status === STAFF_LEAVE_STATUS.pending ? '没有待审批的请假申请' : '暂无请假申请' }}
        columns={[
          { title: '员工', dataIndex: 'employeeName', width: 100 },
          {
            title: '请假时间',
            key: 'time',
            render: (_, r) => `${formatDateTime(r.from)} 至 ${formatDateTime(r.to)}`,
          },
          { title: '原因', dataIndex: 'reason' },
          { title: '申请时间', dataIndex: 'createdAt', width: 160, render: (v: string) => formatDateTime(v) },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: number) => <Tag color={STATUS_COLOR[s]}>{STAFF_LEAVE_STATUS_NAME[s] ?? s}</Tag>,
          },
          {
            title: '回复',
            dataIndex: 'reply',
            render: (v: string | null) => v || <Typography.Text type="secondary">-</Typography.Text>,
          },
          ...(canDecide
            ? [
                {
                  title: '操作',
                  key: 'op',
                  width: 120,
                  render: (_: unknown, r: StaffLeaveRequest) =>
                    r.status === STAFF_LEAVE_STATUS.pending && (
                      <Space size={4}>
                        <Button size="small" type="link" style={{ padding: 0 }} onClick={() => approve(r)}>
                          批准
                        </Button>
                        <Button size="small" type="link" danger style={{ padding: 0 }} onClick={() => setRefusing(r)}>
                          拒绝
                        </Button>
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={!!refusing}
        title={`拒绝请假：${refusing?.employeeName ?? ''}`}
        okText="拒绝"
        okButtonProps={{ danger: true, loading: decide.isPending }}
        cancelText="取消"
        onOk={refuse}
        onCancel={() => setRefusing(null)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          {refusing && `${formatDateTime(refusing.from)} 至 ${formatDateTime(refusing.to)}：${refusing.reason}`}
        </Typography.Paragraph>
        <Input.TextArea
          aria-label="回复"
          rows={3}
          maxLength={200}
          showCount
          placeholder="回复员工（将短信通知），如：当天订单已满，请改到下周"
          value={reply}
          onChange={(e) => setReply(e.target.value)}
        />
      </Modal>
    </>
  );
}
