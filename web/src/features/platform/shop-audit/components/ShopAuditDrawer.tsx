import type { ShopAuditDetail } from '@jz/contracts/shop-audit';
import { Alert, Descriptions, Drawer, Empty, Image, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { CopyText } from '../../../../components/CopyText.tsx';
import { ExpiryTag } from '../../../../components/licence/ExpiryTag.tsx';
import { PointMap } from '../../../../components/map/PointMap.tsx';
import { QueryError } from '../../../../components/QueryState.tsx';
import { RichHtml } from '../../../../components/rich-text/RichHtml.tsx';
import { fileUrl } from '../../../../components/upload/upload-api.ts';
import { DictTag } from '../../../../lib/dict.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { useAuditShop } from '../api/shop-audit.ts';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section>
    <Typography.Title level={5} style={{ margin: '8px 0' }}>
      {title}
    </Typography.Title>
    {children}
  </section>
);

/**
 * The audit drawer: what the platform needs to decide — the shop's region by name, its location and
 * service area on a map with the location flagged when it lies outside the stated region, the merchant's licences —
 * and the decision itself (`actions`: 通过 / 驳回, in the header so they are in view without scrolling).
 */
export function ShopAuditDrawer({
  id,
  onClose,
  actions,
}: {
  id: number | undefined;
  onClose: () => void;
  actions: (d: ShopAuditDetail) => ReactNode;
}) {
  const detail = useAuditShop(id);
  const d = detail.data;
  const point = d && d.lat !== null && d.lng !== null ? { lat: d.lat, lng: d.lng } : null;
  return (
    <Drawer
      title={d ? `店铺详情 · ${d.name}` : '店铺详情'}
      size={880}
      open={id !== undefined}
      onClose={onClose}
      loading={detail.isLoading}
      extra={d && actions(d)}
      destroyOnHidden
    >
      {detail.isError && !d && <QueryError error={detail.error} onRetry={detail.refetch} compact />}
      {d && (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {d.auditStatus === 2 && <Alert type="error" showIcon title={`已驳回：${d.auditRemark ?? ''}`} />}
          {d.pendingName && (
            <Alert
              type="warning"
              showIcon
              title={`申请将店铺名称由「${d.name}」改为「${d.pendingName}」`}
              description="通过后顾客看到新名称；驳回则保留原名称，并把原因告知商家。"
            />
          )}
          {(d.locationIssues ?? []).map((i) => (
            <Alert
              key={i.kind}
              type={i.level === 'error' ? 'error' : 'warning'}
              showIcon
              title={i.message}
              description={
                i.kind === 'province'
                  ? '系统按各省份的地理范围核对店铺位置（没有区县边界数据，无法核对到市、区）。'
                  : undefined
              }
            />
          ))}
          <Descriptions column={2} bordered size="small">
            <Descriptions.Item label="店铺名称" span={2}>
              <Space size={4} wrap>
                <Typography.Text strong>{d.name}</Typography.Text>
                {d.parentId === null ? <Tag color="blue">总店</Tag> : <Tag>分店</Tag>}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="商家">{d.merchantName}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{formatDateTime(d.updatedAt)}</Descriptions.Item>
            <Descriptions.Item label="联系人">{d.contactName ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="电话">
              <CopyText text={d.phone} />
            </Descriptions.Item>
            <Descriptions.Item label="所在地区" span={2}>
              {d.regionName ?? '未选择'}
            </Descriptions.Item>
            <Descriptions.Item label="详细地址" span={2}>
              {d.address ?? '-'}
            </Descriptions.Item>
            <Descriptions.Item label="营业时间">{d.businessHours ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="评分">
              {d.rating === null ? (
                <Typography.Text type="secondary">暂无评分</Typography.Text>
              ) : (
                `${d.rating.toFixed(1)}（${d.reviewCount ?? 0} 条评价）`
              )}
            </Descriptions.Item>
            <Descriptions.Item label="审核状态">
              <DictTag type="shop_audit_status" value={d.auditStatus} />
            </Descriptions.Item>
            <Descriptions.Item label="营业状态">
              <DictTag type="shop_yingye_state" value={d.yingyeState} />
            </Descriptions.Item>
          </Descriptions>

          <Section title="位置与服务区域">
            <Space orientation="vertical" size={6} style={{ width: '100%' }}>
              <Typography.Text type="secondary">
                {point ? `红色图钉：店铺位置（纬度 ${point.lat}，经度 ${point.lng}）` : '商家尚未设置店铺位置'}
                {'；'}
                {d.serviceArea.length ? `蓝色虚线：服务区域（${d.serviceArea.length} 个顶点）` : '尚未绘制服务区域'}
              </Typography.Text>
              <PointMap value={point} area={d.serviceArea} disabled height={320} aria-label="店铺位置与服务区域地图" />
            </Space>
          </Section>

          <Section title="证照">
            {d.licences.length ? (
              <Image.PreviewGroup>
                <Space orientation="vertical" size={8} style={{ width: '100%' }}>
                  {d.licences.map((l) => (
                    <Space key={l.id} align="start" size={12} data-testid="audit-licence">
                      <Image
                        src={fileUrl(l.imageUrl)}
                        width={120}
                        height={84}
                        style={{ objectFit: 'cover', borderRadius: 4 }}
                        alt={`证照图片：${l.name ?? l.number}`}
                      />
                      <Space orientation="vertical" size={2}>
                        <Space size={4} wrap>
                          <DictTag type="licence_kind" value={l.kind} />
                          {l.name && <Typography.Text strong>{l.name}</Typography.Text>}
                          <DictTag type="licence_audit_status" value={l.auditStatus} />
                        </Space>
                        <span>
                          编号：
                          <CopyText text={l.number} />
                        </span>
                        <Space size={4}>
                          <span>
                            有效期：{l.validFrom ?? '-'} 至 {l.validTo ?? '长期'}
                          </span>
                          <ExpiryTag l={l} />
                        </Space>
                      </Space>
                    </Space>
                  ))}
                </Space>
              </Image.PreviewGroup>
            ) : (
              <Alert type="warning" showIcon title="该商家尚未上传证照（营业执照等），请核实后再审核。" />
            )}
          </Section>

          <Section title="店铺图片与介绍">
            {d.logoUrl || d.images.length > 0 ? (
              <Image.PreviewGroup>
                <Space wrap>
                  {[d.logoUrl, ...d.images]
                    .filter((u): u is string => !!u)
                    .map((u) => (
                      <Image
                        key={u}
                        src={fileUrl(u)}
                        width={120}
                        height={90}
                        style={{ objectFit: 'cover' }}
                        alt="店铺图片"
                      />
                    ))}
                </Space>
              </Image.PreviewGroup>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未上传店铺图片" />
            )}
            {d.intro && <RichHtml html={d.intro} />}
          </Section>
        </Space>
      )}
    </Drawer>
  );
}
