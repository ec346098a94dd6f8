import type { Feedback } from '@jz/contracts/feedback';
import { Card, Collapse, Empty, Modal, Space, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CrudToolbar } from '../../../../components/data-table/CrudToolbar.tsx';
import { EmptyAction } from '../../../../components/EmptyAction.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { QueryError, tableStates } from '../../../../components/QueryState.tsx';
import { RowAction } from '../../../../components/RowAction.tsx';
import { DictTag, useDict } from '../../../../lib/dict.tsx';
import {
  getMyFeedbackPage,
  myFeedbackKeys,
  type PublishedNotice,
  usePublishedNotices,
  usePublishedQa,
  useMyFeedbackMutations,
} from '../api/feedback.ts';
import { FeedbackForm } from '../components/lazy-dialogs.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { ItemList } from '../../../../components/item-list/ItemList.tsx';
import { businessNow, toBusiness } from '../../../../lib/zone.ts';

/** Rich text cleaned by the server (sanitizeRichText) before it was stored. */
const Html = ({ html }: { html: string }) => (
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (sanitizeRichText) before storage
  <div className="jz-rich-text" dangerouslySetInnerHTML={{ __html: html }} />
);

function Notices({ openId }: { openId?: number }) {
  const [pageNum, setPageNum] = useState(1);
  const [open, setOpen] = useState<PublishedNotice | null>(null);
  const q = usePublishedNotices(pageNum);
  // ?notice=<id> (from the landing page's notice card) opens that notice once the list has it.
  useEffect(() => {
    const hit = openId ? q.data?.records.find((n) => n.id === openId) : undefined;
    if (hit) setOpen(hit);
  }, [openId, q.data]);
  return (
    <>
      <ItemList
        dataSource={q.data?.records ?? []}
        {...tableStates(q, { empty: '暂无公告' })}
        pagination={{
          current: pageNum,
          pageSize: 10,
          total: q.data?.total ?? 0,
          onChange: setPageNum,
          hideOnSinglePage: true,
        }}
        renderItem={(n) => (
          <ItemList.Item
            actions={[
              <RowAction key="view" onClick={() => setOpen(n)}>
                查看
              </RowAction>,
            ]}
          >
            <ItemList.Meta
              title={
                <Space>
                  <DictTag type="notice_type" value={n.type} />
                  {n.title}
                  {businessNow().diff(toBusiness(n.publishedAt), 'day') < 3 && <Tag color="red">新</Tag>}
                </Space>
              }
              description={formatDateTime(n.publishedAt)}
            />
          </ItemList.Item>
        )}
      />
      <Modal title={open?.title} open={!!open} onCancel={() => setOpen(null)} footer={null} width={760}>
        {open && (
          <>
            <Typography.Text type="secondary">{formatDateTime(open.publishedAt)}</Typography.Text>
            <Html html={open.content} />
          </>
        )}
      </Modal>
    </>
  );
}

function QaList() {
  const q = usePublishedQa();
  const cats = useDict('qa_category');
  if (q.isError && !q.data) return <QueryError error={q.error} onRetry={q.refetch} />;
  if (!q.isLoading && !q.data?.length) return <Empty description="暂无常见问题" />;
  return (
    <Collapse
      accordion
      items={(q.data ?? []).map((x) => ({
        key: x.id,
        label: (
          <Space>
            <Tag>{cats.labelOf(x.category)}</Tag>
            {x.question}
          </Space>
        ),
        children: <Html html={x.answer} />,
      }))}
    />
  );
}

function MyFeedback() {
  const { send } = useMyFeedbackMutations();
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<Feedback | null>(null);
  const columns: ColumnsType<Feedback> = [
    { title: '类型', dataIndex: 'type', width: 100, render: (v: string) => <DictTag type="feedback_type" value={v} /> },
    { title: '内容', dataIndex: 'content', ellipsis: true },
    { title: '提交人', dataIndex: 'userName', width: 110 },
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
      width: 80,
      render: (_, r) => <RowAction onClick={() => setViewing(r)}>查看</RowAction>,
    },
  ];
  return (
    <>
      <DataTable<Feedback>
        queryKey={myFeedbackKeys.all}
        emptyAction={
          <EmptyAction perm="merchant:feedback:add" onClick={() => setAdding(true)}>
            写下第一条反馈
          </EmptyAction>
        }
        fetcher={getMyFeedbackPage}
        columns={columns}
        search={[{ name: 'state', label: '状态', type: 'dict', dict: 'feedback_state' }]}
        toolbar={(ctx) => (
          <CrudToolbar
            {...ctx}
            add={{ perm: 'merchant:feedback:add', onClick: () => setAdding(true), text: '提交反馈' }}
          />
        )}
      />
      <FeedbackForm open={adding} onClose={() => setAdding(false)} onSubmit={(v) => send.mutateAsync(v)} />
      <Modal title="反馈详情" open={!!viewing} onCancel={() => setViewing(null)} footer={null}>
        {viewing && (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <div style={{ whiteSpace: 'pre-wrap' }}>{viewing.content}</div>
            {viewing.state === 1 ? (
              <Card size="small" title={`平台回复 · ${viewing.handledAt ? formatDateTime(viewing.handledAt) : ''}`}>
                <div style={{ whiteSpace: 'pre-wrap' }}>{viewing.reply}</div>
              </Card>
            ) : (
              <Typography.Text type="secondary">平台尚未处理，请耐心等待。</Typography.Text>
            )}
          </Space>
        )}
      </Modal>
    </>
  );
}

/** 意见反馈 (merchant): the platform's notices and Q&A, and the merchant's own feedback with the platform's replies. */
export default function MerchantFeedbackPage() {
  const [params, setParams] = useSearchParams();
  const tab = ['feedback', 'notice', 'qa'].includes(params.get('tab') ?? '') ? params.get('tab')! : 'feedback';
  return (
    <Card className="jz-card" variant="borderless" title="消息与反馈">
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={[
          { key: 'feedback', label: '我的反馈', children: <MyFeedback /> },
          {
            key: 'notice',
            label: '平台公告',
            children: <Notices openId={Number(params.get('notice')) || undefined} />,
          },
          { key: 'qa', label: '常见问题', children: <QaList /> },
        ]}
      />
    </Card>
  );
}
