import type { Feedback } from '@jz/contracts/feedback';
import { Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { hasPerm } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { feedbackKeys, getFeedbackPage, useFeedbackMutations } from '../api/feedback.ts';
import { FeedbackDetail } from '../components/lazy-dialogs.ts';
import { formatDateTime } from '../../../../lib/format.ts';

/** 意见反馈: every merchant's feedback, unhandled first; handling answers the merchant once. */
export default function FeedbackPage() {
  const { handle } = useFeedbackMutations();
  const [open, setOpen] = useState<Feedback | null>(null);
  const columns: ColumnsType<Feedback> = [
    { title: '编号', dataIndex: 'id', width: 70 },
    { title: '商家', dataIndex: 'merchantName', width: 160, render: (v: string | null) => v ?? '-' },
    { title: '提交人', dataIndex: 'userName', width: 110 },
    { title: '类型', dataIndex: 'type', width: 100, render: (v: string) => <DictTag type="feedback_type" value={v} /> },
    { title: '内容', dataIndex: 'content', ellipsis: true },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (v: number) => <DictTag type="feedback_state" value={v} />,
    },
    {
      title: '提交时间',
      dataIndex: 'createdAt',
      width: 150,
      render: (t: string) => formatDateTime(t),
    },
    {
      title: '操作',
      key: 'op',
      width: 90,
      render: (_, r) => (
        <Space size={4}>
          <RowAction onClick={() => setOpen(r)}>
            {r.state === 0 && hasPerm('platform:feedback:handle') ? '处理' : '查看'}
          </RowAction>
        </Space>
      ),
    },
  ];
  return (
    <>
      <DataTable<Feedback>
        title="意见反馈"
        queryKey={feedbackKeys.all}
        fetcher={getFeedbackPage}
        columns={columns}
        scrollX={1100}
        search={[
          { name: 'merchantName', label: '商家' },
          { name: 'content', label: '内容' },
          { name: 'type', label: '类型', type: 'dict', dict: 'feedback_type', width: 130 },
          { name: 'state', label: '状态', type: 'dict', dict: 'feedback_state', width: 130 },
          { name: 'createdAt', label: '提交时间', type: 'dateRange' },
        ]}
      />
      <FeedbackDetail
        item={open}
        onClose={() => setOpen(null)}
        onHandle={(reply) => handle.mutateAsync({ id: open!.id, reply })}
      />
    </>
  );
}
