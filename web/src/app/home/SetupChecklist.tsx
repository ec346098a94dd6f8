import { CheckCircleFilled } from '@ant-design/icons';
import { Button, Card, Col, Row, Space, Tag } from 'antd';
import { useThemeToken } from '../../lib/theme-token.ts';
import { Text } from '../../components/typography/PlainTypography.tsx';
import { hasPerm } from '../../lib/access.tsx';
import { type PageKey, pageHref } from '../../lib/page-registry.ts';
import type { SetupProgress, SetupStep, SetupStepKey } from './setup-api.ts';

interface StepLink {
  page: PageKey;
  label: string;
  /** Every code the user needs to do the step there (the page's and its button's). */
  perms: string[];
}

/** What each step asks, and where it is done. Steps about the shop wait for the shop to exist. */
const STEPS: Record<SetupStepKey, { title: string; hint: string; link: (hasShop: boolean) => StepLink | null }> = {
  shop: {
    title: '完善店铺资料',
    hint: '联系人、电话、地址与地图位置、营业时间、服务类目和 Logo，顾客和平台审核都会看到。',
    link: (hasShop) =>
      hasShop
        ? { page: 'merchant.shop.info', label: '完善资料', perms: ['merchant:shop:info', 'merchant:shop:edit'] }
        : { page: 'merchant.shop.list', label: '新建店铺', perms: ['merchant:shop:list', 'merchant:shop:add'] },
  },
  area: {
    title: '绘制服务范围',
    hint: '在地图上圈出上门服务的区域，范围外的地址不能下单。',
    link: (hasShop) =>
      hasShop
        ? { page: 'merchant.shop.info', label: '去绘制', perms: ['merchant:shop:info', 'merchant:shop:edit'] }
        : null,
  },
  goods: {
    title: '上架第一个商品',
    hint: '添加服务商品并上架，顾客才能看到并下单。',
    link: (hasShop) =>
      hasShop ? { page: 'merchant.goods.list', label: '去上架', perms: ['merchant:goods:list'] } : null,
  },
  employee: {
    title: '添加第一位员工',
    hint: '接单后把订单派给员工上门服务。',
    link: (hasShop) =>
      hasShop
        ? {
            page: 'merchant.employee.add',
            label: '添加员工',
            perms: ['merchant:employee:list', 'merchant:employee:add'],
          }
        : null,
  },
  jinjian: {
    title: '完成支付进件',
    hint: '开通收款账户后才能结算和提现。',
    link: () => ({ page: 'merchant.jinjian', label: '去进件', perms: ['merchant:finance:jinjian:query'] }),
  },
  agreement: {
    title: '签署入驻协议',
    hint: '签署平台的必签协议，签署前不能提现。',
    link: () => ({ page: 'merchant.agreement.sign', label: '去签署', perms: ['merchant:agreement:sign'] }),
  },
};

function StepAction({ step, hasShop }: { step: SetupStep; hasShop: boolean }) {
  if (step.done) return <Tag color="success">已完成</Tag>;
  const link = STEPS[step.key].link(hasShop);
  // A step of the shop before there is one: its detail already says 请先创建店铺.
  if (!link) return null;
  // A link the user cannot follow is not shown: the page would only answer 403.
  if (!link.perms.every((p) => hasPerm(p))) return <Text type="secondary">请联系主账号处理</Text>;
  return (
    <Button type="primary" size="small" href={pageHref(link.page)}>
      {link.label}
    </Button>
  );
}

/**
 * 开店准备: the first-day checklist of /index from the server's progress — each step says where it stands
 * and links to the page where it is done (only for a user allowed there), ticks when done, and the card is gone when
 * every step is.
 */
export function SetupChecklist({ progress }: { progress: SetupProgress }) {
  const token = useThemeToken();
  if (progress.complete) return null;
  const hasShop = progress.shop !== null;
  const percent = Math.round((progress.done / progress.total) * 100);
  return (
    <Card
      data-testid="setup-checklist"
      title={
        <Space size={12} wrap>
          开店准备
          <Text type="secondary" style={{ fontWeight: 'normal' }}>
            完成以下 {progress.total} 步，店铺通过平台审核并营业后即可接单
            {progress.shop ? `（当前店铺：${progress.shop.name}）` : ''}
          </Text>
        </Space>
      }
      extra={
        <Space>
          <Text>
            已完成 {progress.done}/{progress.total}
          </Text>
          {/* A plain bar: antd's Progress would add 5 KB to the landing page for one line. */}
          <div
            role="progressbar"
            aria-label="开店准备进度"
            aria-valuemin={0}
            aria-valuemax={progress.total}
            aria-valuenow={progress.done}
            style={{ width: 120, height: 6, borderRadius: 3, overflow: 'hidden', background: token.colorFillSecondary }}
          >
            <div style={{ width: `${percent}%`, height: '100%', background: token.colorSuccess }} />
          </div>
        </Space>
      }
    >
      <Row gutter={[16, 16]}>
        {progress.steps.map((step, i) => {
          const def = STEPS[step.key];
          return (
            <Col key={step.key} xs={24} md={12} xl={8} xxxl={4}>
              <div
                data-testid={`setup-step-${step.key}`}
                data-done={step.done ? 'true' : 'false'}
                style={{
                  height: '100%',
                  display: 'flex',
                  gap: 12,
                  padding: 16,
                  borderRadius: token.borderRadiusLG,
                  border: `1px solid ${step.done ? token.colorSuccessBorder : token.colorBorderSecondary}`,
                  background: step.done ? token.colorSuccessBg : token.colorBgContainer,
                }}
              >
                {step.done ? (
                  <CheckCircleFilled
                    aria-label="已完成"
                    style={{ color: token.colorSuccess, fontSize: 24, lineHeight: '24px' }}
                  />
                ) : (
                  <span
                    aria-hidden
                    style={{
                      flex: 'none',
                      width: 24,
                      height: 24,
                      borderRadius: '50%',
                      border: `1px solid ${token.colorPrimary}`,
                      color: token.colorPrimary,
                      textAlign: 'center',
                      lineHeight: '22px',
                      fontSize: 13,
                    }}
                  >
                    {i + 1}
                  </span>
                )}
                <Space orientation="vertical" size={6} style={{ minWidth: 0, flex: 1 }}>
                  <Text strong>{def.title}</Text>
                  <Text type="secondary">{step.detail ?? def.hint}</Text>
                  <StepAction step={step} hasShop={hasShop} />
                </Space>
              </div>
            </Col>
          );
        })}
      </Row>
    </Card>
  );
}
