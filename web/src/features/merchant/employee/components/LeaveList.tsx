import { CalendarOutlined } from '@ant-design/icons';
import type { LeaveRow } from '@jz/contracts/dispatch';
import { Button, Card, Empty, Table, Tag } from 'antd';
import { useState } from 'react';
import { useConfirm } from '../../../../components/confirm.ts';
import { hasPerm } from '../../../../lib/access.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { useLeaves, useLeaveMutations } from '../api/employee.ts';
import { LazyLeaveDialog } from './LazyLeaveDialog.tsx';

/** 员工详情's 休假 card: her leave (from 30 days ago on), 请假/休假 to add one, 删除 (asking first). */
export function LeaveList({ employee }: { employee: { id: number; name: string } }) {
  const q = useLeaves(employee.id);
  const { remove } = useLeaveMutations();
  const { confirmDelete } = useConfirm();
  const [open, setOpen] = useState(false);
  const canEdit = hasPerm('merchant:employee:edit') || hasPerm('merchant:dispatch:assign');
  const now = Date.now();
  return (
    <Card
      title="休假"
      extra={
        canEdit && (
          <Button icon={<CalendarOutlined />} onClick={() => setOpen(true)}>
            请假/休假
          </Button>
        )
      }
    >
      <Table<LeaveRow>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        dataSource={q.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description="近期没有休假" /> }}
        columns={[
          { title: '开始时间', dataIndex: 'from', width: 170, render: (v: string) => formatDateTime(v) },
          { title: '结束时间', dataIndex: 'to', width: 170, render: (v: string) => formatDateTime(v) },
          { title: '原因', dataIndex: 'reason', render: (v: string | null) => v || '-' },
          {
            title: '状态',
            key: 'state',
            width: 90,
            render: (_, l) =>
              Date.parse(l.to) <= now ? (
                <Tag>已结束</Tag>
              ) : Date.parse(l.from) <= now ? (
                <Tag color="orange">休假中</Tag>
              ) : (
                <Tag color="blue">未开始</Tag>
              ),
          },
          ...(canEdit
            ? [
                {
                  title: '操作',
                  key: 'op',
                  width: 80,
                  render: (_: unknown, l: LeaveRow) => (
                    <Button
                      type="link"
                      danger
                      size="small"
                      style={{ padding: 0 }}
                      onClick={async () => {
                        if (!(await confirmDelete(`确认删除 ${formatDateTime(l.from)} 起的这次休假吗？`))) return;
                        await remove.mutateAsync(l.id).catch(() => undefined); // the client already warned
                      }}
                    >
                      删除
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <LazyLeaveDialog employee={employee} open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
