import type { ClientAddress, ClientDetail } from '@jz/contracts/client';
import { Button, Descriptions, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ItemList } from '../../../../components/item-list/ItemList.tsx';
import { useConfirm } from '../../../../components/confirm.ts';
import { Auth } from '../../../../lib/access.tsx';
import { formatDateTime, formatYuan } from '../../../../lib/format.ts';
import { useClientMutations } from '../api/client.ts';
import { AddressLocation } from './AddressPoint.tsx';
import { cardBalanceText } from './card-balance.ts';
import { AddressModal, PrefsModal } from './lazy-dialogs.ts';

/** 客户详情's 基本信息: the figures, 员工偏好 with its editor, and the service addresses (add, edit, delete). */
export function InfoTab({ client: c }: { client: ClientDetail }) {
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
