import { SaveOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Empty, Form, Space, Spin, Typography } from 'antd';
import { LazyImage } from '../../../../components/plain/LazyImage.tsx';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { hasPerm } from '../../../../lib/access.tsx';
import { DictTag } from '../../../../lib/dict.tsx';
import { useCurrentShop, useShopMutations, useShopSetting } from '../api/shop.ts';
import { fromFormValues, ShopFields, type ShopFormValues, toFormValues } from '../components/ShopFields.tsx';
import { NotifySwitches } from '../components/NotifySwitches.tsx';
import { ShopPrompts } from '../components/ShopPrompts.tsx';
import { ShopRating } from '../components/ShopRating.tsx';
import { fileUrl } from '../../../../components/upload/upload-api.ts';
import { formatDateTime } from '../../../../lib/format.ts';
import { pagePath } from '../../../../lib/page-registry.ts';
import { QueryError } from '../../../../components/QueryState.tsx';

/**
 * 店铺信息: view and edit the current shop, its service area and its order settings (findDianpuShezhiInfo), and the
 * merchant's 短信通知 switches.
 */
export default function ShopInfoPage() {
  const navigate = useNavigate();
  const shop = useCurrentShop();
  const setting = useShopSetting();
  const { edit, setOpen } = useShopMutations();
  const [form] = Form.useForm<ShopFormValues>();
  const canEdit = hasPerm('merchant:shop:edit');

  useEffect(() => {
    if (shop.data) form.setFieldsValue(toFormValues(shop.data, setting.data) as ShopFormValues);
  }, [shop.data, setting.data, form]);

  if (shop.isLoading || setting.isLoading) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  if (shop.isError) return <QueryError error={shop.error} onRetry={() => shop.refetch()} title="店铺信息加载失败" />;
  const s = shop.data;
  if (!s)
    return (
      <Card>
        <Empty description="您还没有店铺">
          <Button type="primary" onClick={() => navigate(pagePath('merchant.shop.list'))}>
            去创建店铺
          </Button>
        </Empty>
      </Card>
    );

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return; // the form shows what is wrong
    await edit.mutateAsync({ id: s.id, ...fromFormValues(v, true) });
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title="店铺概况" variant="borderless">
        <Descriptions column={4}>
          <Descriptions.Item label="店铺">
            <Space>
              {s.logoUrl && (
                <LazyImage src={fileUrl(s.logoUrl)} width={32} height={32} style={{ borderRadius: 4 }} alt="Logo" />
              )}
              <Typography.Text strong>{s.name}</Typography.Text>
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label="类型">{s.parentId === null ? '总店' : '分店'}</Descriptions.Item>
          <Descriptions.Item label="审核状态">
            <DictTag type="shop_audit_status" value={s.auditStatus} />
          </Descriptions.Item>
          <Descriptions.Item label="营业状态">
            <DictTag type="shop_yingye_state" value={s.yingyeState} />
          </Descriptions.Item>
          <Descriptions.Item label="评分">
            <ShopRating rating={s.rating} reviewCount={s.reviewCount} />
          </Descriptions.Item>
          <Descriptions.Item label="订单数">{s.orderCount}</Descriptions.Item>
          <Descriptions.Item label="服务类目">{s.fuwuIds.length} 个</Descriptions.Item>
          <Descriptions.Item label="更新时间">{formatDateTime(s.updatedAt)}</Descriptions.Item>
        </Descriptions>
        <ShopPrompts shops={[s]} onOpen={(id) => setOpen.mutateAsync({ id, yingyeState: 1 })} />
        {(s.locationIssues ?? []).map((i) => (
          <Alert
            key={i.kind}
            style={{ marginBottom: 12 }}
            type={i.level === 'error' ? 'error' : 'warning'}
            showIcon
            title={i.message}
            description={i.level === 'error' ? '请在下方「店铺位置」中重新选择位置或更正所在地区后保存。' : undefined}
          />
        ))}
        {s.auditStatus === 0 && (
          <Alert type="warning" showIcon title="店铺正在等待平台审核，审核通过后才能营业，顾客才能看到本店商品。" />
        )}
        {s.pendingName && (
          <Alert
            type="info"
            showIcon
            title={`店铺名称变更为「${s.pendingName}」正在等待平台审核`}
            description="审核通过前，顾客看到的仍是原名称；改回原名称并保存即撤回申请。"
          />
        )}
        {s.auditStatus === 1 && !s.pendingName && s.auditRemark && (
          <Alert type="warning" showIcon title={`平台审核意见：${s.auditRemark}`} />
        )}
      </Card>
      <Card
        title="编辑店铺信息"
        variant="borderless"
        extra={
          canEdit && (
            <Button type="primary" icon={<SaveOutlined />} loading={edit.isPending} onClick={save}>
              保 存
            </Button>
          )
        }
      >
        {!canEdit && (
          <Alert style={{ marginBottom: 16 }} type="info" showIcon title="您没有编辑店铺的权限，仅可查看。" />
        )}
        <Form form={form} name="shopInfo" labelCol={{ span: 3 }} wrapperCol={{ span: 14 }} disabled={!canEdit}>
          <ShopFields full disabled={!canEdit} />
          {canEdit && (
            <Form.Item wrapperCol={{ offset: 3 }}>
              <Button type="primary" icon={<SaveOutlined />} loading={edit.isPending} onClick={save}>
                保 存
              </Button>
            </Form.Item>
          )}
        </Form>
      </Card>
      <NotifySwitches />
    </Space>
  );
}
