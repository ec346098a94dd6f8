import type { ClientAddress, ClientDetail, ClientOrder, ClientReview } from '@jz/contracts/client';
import { ORDER_STATUS_NAME, type OrderStatus } from '@jz/contracts/constants/order';
import { Button, Card, Descriptions, Input, Result, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ItemList } from '../../../../components/item-list/ItemList.tsx';
import { isNotFound, QueryError, QueryState } from '../../../../components/QueryState.tsx';
import { useConfirm } from '../../../../components/confirm.ts';
import { Auth, hasPerm } from '../../../../lib/access.tsx';
import { formatDateTime, formatYuan } from '../../../../lib/format.ts';
import { PageLink } from '../../../../components/PageLink.tsx';
import { pagePath } from '../../../../lib/page-registry.ts';
import { useSubmitting } from '../../../../lib/use-long-action.ts';
import { useClient, useClientMutations, useClientOrders, useClientReviews } from '../api/client.ts';
import { AddressLocation } from '../components/AddressPoint.tsx';
import { cardBalanceText } from '../components/card-balance.ts';
import { CardsTab } from '../components/CardsTab.tsx';
import { AddressModal, ClientForm, PrefsModal } from '../components/lazy-dialogs.ts';

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

function InfoTab({ client: c }: { client: ClientDetail }) {
  const [address, setAddress] = useState<Partial<ClientAddress> | null>(null);
  const [prefs, setPrefs] = useState(false);
  const m = useClientMutations();
  const names = (kind: 'preferred' | 'blocked') =>
    c.prefs
      .filter((p) => p.kind === kind)
      .map((p) => p.employeeName)
      .join('、') || '-';
  const { confirmDelete } = useConfirm();
  return (
    <>
      <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered>
        <Descriptions.Item label="手机号">{c.phone}</Descriptions.Item>
        <Descriptions.Item label="所属店铺">{c.shopName ?? '-'}</Descriptions.Item>
        <Descriptions.Item label="来源">{c.source === 'order' ? '下单' : '手动添加'}</Descriptions.Item>
        <Descriptions.Item label="订单数">{c.orderCount}</Descriptions.Item>
        <Descriptions.Item label="消费金额">{formatYuan(c.totalSpent)}</Descriptions.Item>
        <Descriptions.Item label="最近下单">{c.lastOrderAt ? formatDateTime(c.lastOrderAt) : '-'}</Descriptions.Item>
        <Descriptions.Item label="卡余额">{cardBalanceText(c.cardBalance)}</Descriptions.Item>
        <Descriptions.Item label="建档时间">{formatDateTime(c.createdAt)}</Descriptions.Item>
        <Descriptions.Item label="员工偏好">
          <Space wrap size={[8, 0]}>
            <span data-testid="prefs-preferred">偏好：{names('preferred')}</span>
            <span data-testid="prefs-blocked">不派：{names('blocked')}</span>
            <Auth perm="merchant:client:edit">
              <Button
                type="link"
                size="small"
                style={{ padding: 0 }}
                aria-label="编辑员工偏好"
                onClick={() => setPrefs(true)}
              >
                编辑
              </Button>
            </Auth>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="备注" span={3}>
          {c.remark ?? '-'}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        服务地址
      </Typography.Title>
      <ItemList
        dataSource={c.addresses}
        locale={{ emptyText: '还没有地址' }}
        renderItem={(a) => (
          <ItemList.Item
            actions={[
              <Auth key="edit" perm="merchant:client:edit">
                <Button type="link" size="small" disabled={c.masked} onClick={() => setAddress(a)}>
                  编辑
                </Button>
              </Auth>,
              <Auth key="del" perm="merchant:client:edit">
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={async () => {
                    if (await confirmDelete('确认要删除这个地址吗？')) await m.removeAddress.mutateAsync(a.id);
                  }}
                >
                  删除
                </Button>
              </Auth>,
            ]}
          >
            <ItemList.Meta
              title={
                <Space>
                  {a.label && <Tag>{a.label}</Tag>}
                  {a.detail}
                  {a.isDefault && <Tag color="green">默认</Tag>}
                </Space>
              }
              description={
                <>
                  {a.notesLine ?? '未填写面积、户型等信息'}
                  {a.lat !== null && a.lng !== null && (
                    <div>
                      <AddressLocation lat={a.lat} lng={a.lng} />
                    </div>
                  )}
                </>
              }
            />
          </ItemList.Item>
        )}
      />
      <Auth perm="merchant:client:edit">
        <Button onClick={() => setAddress({})} disabled={c.masked}>
          新增地址
        </Button>
      </Auth>
      <AddressModal clientId={c.id} address={address} onClose={() => setAddress(null)} />
      <PrefsModal client={c} open={prefs} onClose={() => setPrefs(false)} />
    </>
  );
}

function NotesTab({ client: c }: { client: ClientDetail }) {
  const m = useClientMutations();
  const [text, setText] = useState('');
  const submitting = useSubmitting();
  return (
    <>
      <Auth perm="merchant:client:note">
        <Space.Compact style={{ width: '100%', marginBottom: 16 }}>
          <Input.TextArea
            value={text}
            maxLength={500}
            autoSize={{ minRows: 2 }}
            placeholder="记录客户的习惯、要求等"
            onChange={(e) => setText(e.target.value)}
          />
          <Button
            type="primary"
            loading={submitting.running}
            disabled={!text.trim()}
            onClick={() =>
              submitting.run(async () => {
                await m.addNote.mutateAsync({ clientId: c.id, text });
                setText('');
              })
            }
          >
            添加备注
          </Button>
        </Space.Compact>
      </Auth>
      <ItemList
        dataSource={c.notes}
        locale={{ emptyText: '暂无备注' }}
        renderItem={(n) => (
          <ItemList.Item>
            <ItemList.Meta title={n.text} description={`${n.authorName} · ${formatDateTime(n.createdAt)}`} />
          </ItemList.Item>
        )}
      />
    </>
  );
}

function OrdersTab({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const q = useClientOrders(id, page);
  return (
    <Table<ClientOrder>
      rowKey="id"
      size="small"
      loading={q.isLoading}
      dataSource={q.data?.records ?? []}
      locale={{ emptyText: q.isError ? '订单加载失败' : '暂无订单' }}
      pagination={{ current: page, pageSize: 10, total: q.data?.total ?? 0, onChange: setPage }}
      columns={[
        { title: '订单号', dataIndex: 'orderNo' },
        { title: '服务', dataIndex: 'goodsName', render: (v, r) => (r.specName ? `${v} · ${r.specName}` : v) },
        { title: '店铺', dataIndex: 'shopName' },
        { title: '预约时间', dataIndex: 'appointmentAt', render: (v: string) => formatDateTime(v) },
        { title: '服务人员', dataIndex: 'employeeName', render: (v: string | null) => v ?? '-' },
        { title: '金额', dataIndex: 'payAmount', render: (v: number) => formatYuan(v) },
        { title: '状态', dataIndex: 'status', render: (v: number) => ORDER_STATUS_NAME[v as OrderStatus] ?? '-' },
      ]}
    />
  );
}

function ReviewsTab({ id }: { id: number }) {
  const [page, setPage] = useState(1);
  const q = useClientReviews(id, page);
  return (
    <Table<ClientReview>
      rowKey="id"
      size="small"
      loading={q.isLoading}
      dataSource={q.data?.records ?? []}
      locale={{ emptyText: q.isError ? '评价加载失败' : '暂无评价' }}
      pagination={{ current: page, pageSize: 10, total: q.data?.total ?? 0, onChange: setPage }}
      columns={[
        { title: '订单号', dataIndex: 'orderNo' },
        { title: '服务', dataIndex: 'goodsName' },
        { title: '评分', dataIndex: 'rating' },
        { title: '内容', dataIndex: 'content', render: (v: string | null) => v || '-' },
        { title: '时间', dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
      ]}
    />
  );
}
