import { ShopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Row, Space } from 'antd';
import { PlainSkeleton } from '../../components/plain/PlainSkeleton.tsx';
import { Text, Title } from '../../components/typography/PlainTypography.tsx';
import { useNavigate } from 'react-router';
import { PendingAgreementAlert } from '../../features/merchant/agreement/components/PendingAgreementAlert.tsx';
import { pendingQuery } from '../../features/merchant/agreement/api/agreement.ts';
import { NoticeCard } from '../../features/merchant/feedback/components/NoticeCard.tsx';
import { LicenceAlert } from '../../features/merchant/licence/components/LicenceAlert.tsx';
import { useExpiringLicences } from '../../features/merchant/licence/api/licence.ts';
import { getToday, statsKeys } from '../../features/merchant/stats/api/stats.ts';
import { TodayFigures } from '../../features/merchant/stats/components/TodayFigures.tsx';
import { hasPerm } from '../../lib/access.tsx';
import { DictTag } from '../../lib/dict.tsx';
import { formatLongDate } from '../../lib/format.ts';
import { leaves } from '../../lib/menu-tree.ts';
import { initPcQuery, menuQuery, profileQuery } from '../../lib/queries.ts';
import { pageByKey } from '../registry.ts';
import { QuickLinks } from './QuickLinks.tsx';
import { SetupChecklist } from './SetupChecklist.tsx';
import { maySeeSetup, setupProgressQuery } from './setup-api.ts';
import { businessNow } from '../../lib/zone.ts';

function greeting() {
  const h = businessNow().hour();
  return h < 6 ? '凌晨好' : h < 11 ? '上午好' : h < 13 ? '中午好' : h < 18 ? '下午好' : '晚上好';
}

/**
 * Landing page (/index): greeting and current shop; the reminders (agreements, licences); the first-day checklist
 * while setup is not done; today's figures; the user's quick links; platform notices.
 *
 * Wide screens: a card grid — at 1600 px and up the greeting and the shop side by side, the figures and
 * quick links beside the notices. No layout shift: everything below the greeting and the shop waits for the calls
 * that decide what shows (reminders, checklist, figures) and appears at once, so nothing already drawn moves when an
 * answer arrives; the notices, whose length varies, sit where nothing is below them.
 */
export default function IndexPage() {
  const navigate = useNavigate();
  const { data: user } = useQuery(profileQuery);
  const { data: init } = useQuery(initPcQuery);
  const { data: menus = [] } = useQuery(menuQuery);
  const merchant = user?.userType === 'merchant';

  // The answers that decide what shows (same keys and options as the widgets, so each is asked once).
  const setup = useQuery({ ...setupProgressQuery, enabled: merchant && maySeeSetup(), refetchOnMount: 'always' });
  const agreements = useQuery({ ...pendingQuery, enabled: merchant, refetchOnMount: 'always' });
  const licences = useExpiringLicences(merchant && hasPerm('merchant:account:licence'));
  const figuresAllowed = merchant && hasPerm('merchant:order:list');
  const figures = useQuery({
    queryKey: [...statsKeys.all, 'today'],
    queryFn: getToday,
    enabled: figuresAllowed,
  });
  const settled = ![setup, agreements, licences, figures].some((q) => q.isLoading);
  // What the reminders show when (PendingAgreementAlert, LicenceAlert): their row exists only then.
  const agreementsDue = (agreements.data?.length ?? 0) > 0;
  const licencesDue = !!(licences.data && (licences.data.expiring || licences.data.expired));

  const pages = leaves(menus).filter((m) => m.status !== 1);
  const cur = init?.allDianpu.find((s) => s.id === init.curDianpu?.id);
  const shopInfoPage = pageByKey.get('merchant.shop.info');
  const shopAddPage = pageByKey.get('merchant.shop.list');

  return (
    <Row gutter={[16, 16]} data-testid="home-grid">
      <Col xs={24} xxl={merchant ? 8 : 24}>
        <Card style={{ height: '100%' }}>
          <Title level={3} style={{ margin: 0 }}>
            {greeting()}，{user?.nickName}
          </Title>
          <Text type="secondary">
            {formatLongDate(businessNow())} · {user?.roleNames || '—'}
          </Text>
        </Card>
      </Col>
      {merchant && (
        <Col xs={24} xxl={16}>
          <Card
            style={{ height: '100%' }}
            title={
              <Space>
                <ShopOutlined />
                当前店铺
              </Space>
            }
            extra={
              cur &&
              shopInfoPage &&
              hasPerm(shopInfoPage.perm) && (
                <Button type="link" style={{ padding: 0 }} onClick={() => navigate(shopInfoPage.path)}>
                  完善店铺信息
                </Button>
              )
            }
          >
            {cur ? (
              <Descriptions column={{ xs: 1, md: 2, xl: 3 }}>
                <Descriptions.Item label="店铺名称">{cur.name}</Descriptions.Item>
                <Descriptions.Item label="类型">{cur.parentId === null ? '总店' : '分店'}</Descriptions.Item>
                <Descriptions.Item label="营业状态">
                  <DictTag type="shop_yingye_state" value={cur.yingyeState} />
                </Descriptions.Item>
                <Descriptions.Item label="审核状态">
                  <DictTag type="shop_audit_status" value={cur.auditStatus} />
                </Descriptions.Item>
                <Descriptions.Item label="服务类目">{init?.shangjiaInfoFuwuCount ?? 0} 个</Descriptions.Item>
                <Descriptions.Item label="店铺总数">{init?.allDianpu.length ?? 0} 家</Descriptions.Item>
              </Descriptions>
            ) : (
              <Alert
                type="info"
                showIcon
                title="欢迎入驻！您还没有店铺"
                description="创建第一家店铺后，即可上架服务商品、接单并结算收入。"
                action={
                  shopAddPage &&
                  hasPerm(shopAddPage.perm) && (
                    <Button type="primary" onClick={() => navigate(shopAddPage.path)}>
                      创建店铺
                    </Button>
                  )
                }
              />
            )}
          </Card>
        </Col>
      )}
      {!settled ? (
        <Col span={24}>
          <Card aria-busy="true">
            <PlainSkeleton />
          </Card>
        </Col>
      ) : (
        <>
          {merchant && (agreementsDue || licencesDue) && (
            <Col span={24}>
              <Space orientation="vertical" size={16} style={{ width: '100%' }}>
                {agreementsDue && <PendingAgreementAlert />}
                {/* Each widget shows only with the code of its data (the server refuses the others). */}
                {licencesDue && (
                  // LicenceAlert keeps a bottom margin of its own: cancelled here, the grid spaces the rows.
                  <div style={{ marginBottom: -16 }}>
                    <LicenceAlert />
                  </div>
                )}
              </Space>
            </Col>
          )}
          {setup.data && !setup.data.complete && (
            <Col span={24}>
              <SetupChecklist progress={setup.data} />
            </Col>
          )}
          <Col xs={24} xxl={merchant ? 16 : 24}>
            <Space orientation="vertical" size={16} style={{ width: '100%' }}>
              {figuresAllowed && <TodayFigures />}
              {user && <QuickLinks userId={user.id} pages={pages} homeKey="home.index" />}
            </Space>
          </Col>
          {merchant && (
            <Col xs={24} xxl={8}>
              <NoticeCard />
            </Col>
          )}
        </>
      )}
    </Row>
  );
}
