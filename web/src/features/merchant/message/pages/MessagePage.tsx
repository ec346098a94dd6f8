import { CheckOutlined } from '@ant-design/icons';
import type { Message, MessageType } from '@jz/contracts/message';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Descriptions, Modal, Space, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../../../components/confirm.ts';
import { CrudRowActions } from '../../../../components/data-table/CrudRowActions.tsx';
import { CrudToolbar } from '../../../../components/data-table/CrudToolbar.tsx';
import { DataTable } from '../../../../components/data-table/DataTable.tsx';
import { useCrudDelete } from '../../../../components/data-table/useCrudDelete.ts';
import { MESSAGE_KEYS, unreadQuery } from '../../../../components/message-bell/unread.ts';
import { RowAction } from '../../../../components/RowAction.tsx';
import { Auth, hasPerm } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { getMessagePage, useMessageMutations } from '../api/message.ts';
import { refLinkOf } from '../ref-link.ts';
import { formatDateTime } from '../../../../lib/format.ts';

const TABS: { key: '' | MessageType; label: string }[] = [
  { key: '', label: '全部' },
  { key: 'order', label: '订单' },
  { key: 'finance', label: '财务' },
  { key: 'system', label: '系统' },
];
const fmt = (t: string) => formatDateTime(t, { seconds: true });

/** 消息管理 (/xiaoxiguanli): the user's own messages by type, unread first; read, mark read, delete, follow the link. */
export default function MessagePage() {
  const navigate = useNavigate();
  const [type, setType] = useState<'' | MessageType>('');
  const [open, setOpen] = useState<Message | null>(null);
  const { data: unread } = useQuery(unreadQuery);
  const { setRead, markOpened, remove } = useMessageMutations();
  const { confirmWarning } = useConfirm();
  const canRead = hasPerm('merchant:message:read');
  const qc = useQueryClient();

  // When the badge learns of new messages (focus, polling, live events), the list follows without a reload.
  const lastTotal = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (unread === undefined) return;
    if (lastTotal.current !== undefined && unread.total > lastTotal.current)
      void qc.invalidateQueries({ queryKey: MESSAGE_KEYS.list });
    lastTotal.current = unread.total;
  }, [unread, qc]);

  const view = (m: Message) => {
    setOpen(m);
    if (!m.readAt && canRead) markOpened.mutate(m.id);
  };
  const del = useCrudDelete(
    async (ids) => {
      await remove.mutateAsync(ids);
      if (open && ids.includes(open.id)) setOpen(null);
    },
    (n) => `确认要删除选中的 ${n} 条消息吗？`,
  );
  const readAll = async () => {
    const label = TABS.find((t) => t.key === type)?.label ?? '全部';
    if (!(await confirmWarning(`确定将「${label}」消息全部标为已读吗？`))) return;
    await setRead.mutateAsync({ all: 1, type: type || undefined });
  };

  const columns: ColumnsType<Message> = [
    {
      title: '状态',
      dataIndex: 'readAt',
      width: 90,
      render: (r: string | null) => (r ? <Badge status="default" text="已读" /> : <Badge status="error" text="未读" />),
    },
    { title: '类型', dataIndex: 'type', width: 90, render: (v: string) => <DictTag type="message_type" value={v} /> },
    {
      title: '标题',
      dataIndex: 'title',
      width: 260,
      render: (t: string, r) => (
        <Button type="link" style={{ padding: 0, fontWeight: r.readAt ? 400 : 600 }} onClick={() => view(r)}>
          {t}
        </Button>
      ),
    },
    { title: '内容', dataIndex: 'content', ellipsis: true },
    { title: '时间', dataIndex: 'createdAt', width: 180, render: fmt },
    {
      title: '操作',
      key: 'op',
      width: 220,
      render: (_, r) => {
        const link = refLinkOf(r);
        return (
          <CrudRowActions del={{ perm: 'merchant:message:del', onClick: () => del([r.id]) }}>
            <RowAction onClick={() => view(r)}>查看</RowAction>
            {link && <RowAction onClick={() => navigate(link.href)}>{link.label}</RowAction>}
            {!r.readAt && (
              <Auth perm="merchant:message:read">
                <RowAction onClick={() => setRead.mutate({ ids: [r.id] })}>标为已读</RowAction>
              </Auth>
            )}
          </CrudRowActions>
        );
      },
    },
  ];

  const openLink = open ? refLinkOf(open) : undefined;
  return (
    <>
      <Card className="jz-card" styles={{ body: { paddingBottom: 0 } }}>
        <Tabs
          activeKey={type}
          onChange={(k) => setType(k as '' | MessageType)}
          items={TABS.map((t) => {
            const n = unread ? (t.key ? unread[t.key] : unread.total) : 0;
            return {
              key: t.key,
              label: (
                <Badge count={n} size="small" offset={[10, -2]}>
                  {t.label}
                </Badge>
              ),
            };
          })}
        />
      </Card>
      <DataTable<Message>
        title="消息列表"
        queryKey={MESSAGE_KEYS.list}
        fetcher={getMessagePage}
        params={{ type: type || undefined }}
        columns={columns}
        selectable
        search={[
          { name: 'title', label: '标题' },
          { name: 'read', label: '状态', type: 'dict', dict: 'message_read' },
        ]}
        toolbar={({ selectedRowKeys, clearSelection }) => (
          <CrudToolbar
            selectedRowKeys={selectedRowKeys}
            clearSelection={clearSelection}
            del={{ perm: 'merchant:message:del', onDelete: del }}
          >
            <Auth perm="merchant:message:read">
              <Button
                type="primary"
                icon={<CheckOutlined />}
                disabled={!unread?.[type || 'total']}
                loading={setRead.isPending && !setRead.variables?.ids}
                onClick={readAll}
              >
                全部标为已读
              </Button>
            </Auth>
            <Auth perm="merchant:message:read">
              <Button
                disabled={!selectedRowKeys.length}
                loading={setRead.isPending && !!setRead.variables?.ids}
                onClick={async () => {
                  await setRead.mutateAsync({ ids: selectedRowKeys as number[] });
                  clearSelection();
                }}
              >
                标为已读
              </Button>
            </Auth>
          </CrudToolbar>
        )}
      />
      <Modal
        title={open?.title}
        open={!!open}
        onCancel={() => setOpen(null)}
        footer={
          <Space>
            {openLink && (
              <Button type="primary" onClick={() => navigate(openLink.href)}>
                {openLink.label}
              </Button>
            )}
            <Button onClick={() => setOpen(null)}>关闭</Button>
          </Space>
        }
      >
        {open && (
          <>
            <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
              <Descriptions.Item label="类型">
                <DictTag type="message_type" value={open.type} />
              </Descriptions.Item>
              <Descriptions.Item label="时间">{fmt(open.createdAt)}</Descriptions.Item>
            </Descriptions>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{open.content}</Typography.Paragraph>
          </>
        )}
      </Modal>
    </>
  );
}
