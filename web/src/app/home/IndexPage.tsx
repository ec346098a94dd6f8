import { ShopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Empty, Row, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { leaves, menuHref } from '../../lib/menu-tree.ts';
import { pageByKey } from '../registry.ts';
import { MenuIcon } from '../../components/icons/icon-map.tsx';
import { initPcQuery, menuQuery, profileQuery } from '../../lib/queries.ts';
import { DictTag } from '../../lib/dict.tsx';
import { hasPerm } from '../../lib/access.tsx';
import { PendingAgreementAlert } from '../../features/merchant/agreement/components/PendingAgreementAlert.tsx';
import { LicenceAlert } from '../../features/merchant/licence/components/LicenceAlert.tsx';
import { NoticeCard } from '../../features/merchant/feedback/components/NoticeCard.tsx';
import { TodayFigures } from '../../features/merchant/stats/components/TodayFigures.tsx';
import { formatLongDate } from '../../lib/format.ts';
import { pagePath } from '../../lib/page-registry.ts';

function greeting() {
  const h = dayjs().hour();
  return h < 6 ? '凌晨好' : h < 11 ? '上午好' : h < 13 ? '中午好' : h < 18 ? '下午好' : '晚上好';
}

/** Landing page: greeting, current shop, quick links to every page the user may open. Later modules add figures. */
export default function IndexPage() {
  const navigate = useNavigate();
  const { data: user } = useQuery(profileQuery);
  const { data: init } = useQuery(initPcQuery);
  const { data: menus = [] } = useQuery(menuQuery);
  const links = leaves(menus).filter((m) => m.routerUrl !== pagePath('home.index') && m.status !== 1);
  const cur = init?.allDianpu.find((s) => s.id === init.curDianpu?.id);
  const shopInfoPage = pageByKey.get('merchant.shop.info');
  const shopAddPage = pageByKey.get('merchant.shop.list');

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {user?.userType === 'merchant' && <PendingAgreementAlert />}
      {/* Each widget shows only with the code of its data (the server refuses the others). */}
      {user?.userType === 'merchant' && hasPerm('merchant:account:licence') && <LicenceAlert />}
      <Card>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {greeting()}，{user?.nickName}
        </Typography.Title>
        <Typography.Text type="secondary">
          {formatLongDate(dayjs())} · {user?.roleNames || '—'}
        </Typography.Text>
      </Card>
      {user?.userType === 'merchant' && (
        <Card
          title={
            <Space>
              <ShopOutlined />
              当前店铺
            </Space>
          }
        >
          {cur ? (
            <Descriptions column={3}>
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
                shopAddPage && (
                  <Button type="primary" onClick={() => navigate(shopAddPage.path)}>
                    创建店铺
                  </Button>
                )
              }
            />
          )}
          {cur && shopInfoPage && (
            <Button type="link" style={{ padding: 0 }} onClick={() => navigate(shopInfoPage.path)}>
              完善店铺信息
            </Button>
          )}
        </Card>
      )}
      {user?.userType === 'merchant' && hasPerm('merchant:order:list') && <TodayFigures />}
      {user?.userType === 'merchant' && <NoticeCard />}
      <Card title="快捷入口">
        {links.length ? (
          <Row gutter={[12, 12]}>
            {links.map((m) => (
              <Col key={m.id} span={4}>
                <Button block size="large" icon={<MenuIcon name={m.icon} />} onClick={() => navigate(menuHref(m))}>
                  {m.name}
                </Button>
              </Col>
            ))}
          </Row>
        ) : (
          <Empty description="暂无可用功能，请联系管理员分配权限" />
        )}
      </Card>
    </Space>
  );
}
