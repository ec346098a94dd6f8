import type { ClientDetail } from '@jz/contracts/client';
import { Button, Card, Result, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isNotFound, QueryError, QueryState } from '../../../../components/QueryState.tsx';
import { useConfirm } from '../../../../components/confirm.ts';
import { Auth, hasPerm } from '../../../../lib/access.tsx';
import { PageLink } from '../../../../components/PageLink.tsx';
import { pagePath } from '../../../../lib/page-registry.ts';
import { useClient, useClientMutations } from '../api/client.ts';
import { CardsTab } from '../components/CardsTab.tsx';
import { OrdersTab, ReviewsTab } from '../components/HistoryTabs.tsx';
import { InfoTab } from '../components/InfoTab.tsx';
import { ClientForm } from '../components/lazy-dialogs.ts';
import { NotesTab } from '../components/NotesTab.tsx';

/** 客户详情 (/kehuxiangqing?id=): 基本信息 with the addresses and preferences, 备注, 订单记录, 卡项, 评价. */
export default function ClientDetailPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const q = useClient(Number.isInteger(id) && id > 0 ? id : 0);
  const back = () => navigate(pagePath('merchant.client.list'));
  if (!(id > 0))
    return <Result status="warning" title="缺少客户编号" extra={<Button onClick={back}>返回客户列表</Button>} />;
  if (q.isError && isNotFound(q.error))
    return <Result status="404" title="客户不存在或已删除" extra={<Button onClick={back}>返回客户列表</Button>} />;
  if (q.isError) return <QueryError error={q.error} onRetry={q.refetch} />;
  return <QueryState query={q}>{(c) => <ClientView client={c} onDeleted={back} />}</QueryState>;
}

function ClientView({ client: c, onDeleted }: { client: ClientDetail; onDeleted: () => void }) {
  const m = useClientMutations();
  const { confirmDelete } = useConfirm();
  const [editing, setEditing] = useState(false);
  const remove = async () => {
    const ok = await confirmDelete(
      `确认要删除客户「${c.name}」吗？删除后姓名、手机号、地址和备注将被清除且无法恢复，历史订单保留但不再显示客户信息。`,
    );
    if (!ok) return;
    await m.remove.mutateAsync(c.id);
    onDeleted();
  };
  return (
    <Card
      title={
        <Space>
          {c.name}
          {c.tags.map((t) => (
            <Tag key={t} color="blue">
              {t}
            </Tag>
          ))}
        </Space>
      }
      extra={
        <Space>
          <Auth perm="merchant:plan:add">
            <PageLink page="merchant.plan.list" query={{ clientId: c.id, new: 1 }} fallback={null}>
              <Button>新建周期服务</Button>
            </PageLink>
          </Auth>
          <Auth perm="merchant:client:edit">
            <Button onClick={() => setEditing(true)}>编辑客户</Button>
          </Auth>
          <Auth perm="merchant:client:del">
            <Button danger onClick={remove}>
              删除客户
            </Button>
          </Auth>
        </Space>
      }
    >
      <Tabs
        items={[
          { key: 'info', label: '基本信息', children: <InfoTab client={c} /> },
          { key: 'notes', label: `备注（${c.notes.length}）`, children: <NotesTab client={c} /> },
          { key: 'orders', label: '订单记录', children: <OrdersTab id={c.id} /> },
          // Cards are listed through 售卡记录's call: the tab needs its permission.
          ...(hasPerm('merchant:cardsale:list')
            ? [{ key: 'cards', label: '卡项', children: <CardsTab client={c} /> }]
            : []),
          { key: 'reviews', label: '评价', children: <ReviewsTab id={c.id} /> },
        ]}
      />
      <ClientForm
        open={editing}
        initial={{ id: c.id, name: c.name, tags: c.tags, remark: c.remark ?? undefined }}
        onClose={() => setEditing(false)}
        onSubmit={(v) =>
          m.edit.mutateAsync({
            id: c.id,
            name: v.name,
            ...(v.phone ? { phone: v.phone } : {}),
            tags: v.tags ?? [],
            remark: v.remark ?? '',
          })
        }
      />
    </Card>
  );
}
