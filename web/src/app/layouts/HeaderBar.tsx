import {
  BellOutlined,
  DownOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  ShopOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { authApi } from '@jz/contracts/api/auth';
import { shopApi } from '@jz/contracts/api/shop';
import type { InitPc, UserInfo } from '@jz/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Dropdown, Select, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { hasPerm } from '../../lib/access.tsx';
import { callContract } from '../../lib/contract-client.ts';
import { initPcQuery } from '../../lib/queries.ts';
import { clearSession } from '../../lib/storage.ts';
import { MessageBell } from '../../components/message-bell/MessageBell.tsx';
import { OrderBadge } from '../../components/order-badge/OrderBadge.tsx';
import { pageByKey } from '../registry.ts';

export function HeaderBar(props: { user: UserInfo; init: InitPc; collapsed: boolean; onToggle: () => void }) {
  const { user, init } = props;
  const navigate = useNavigate();
  const qc = useQueryClient();

  const switchShop = async (id: number) => {
    const next = await callContract(shopApi.setCurrent, { body: { id } });
    qc.setQueryData(initPcQuery.queryKey, next);
    // Everything shop-scoped is stale now.
    await qc.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'dict' });
  };

  const logout = async () => {
    await callContract(authApi.logout, {}, { silentSuccess: true, silentError: true }).catch(() => undefined);
    clearSession();
    qc.clear();
    navigate('/login', { replace: true });
  };

  const accountPage = pageByKey.get('account.mine');
  const alertsPage = pageByKey.get('account.alerts');
  // 提醒设置 for those who get new-order alerts (merchant users who may see orders)
  const alerts =
    alertsPage && user.userType === 'merchant' && (hasPerm('merchant:order:taking') || hasPerm('merchant:order:list'));
  return (
    <div className="jz-header">
      <Space size={16}>
        <Button
          type="text"
          aria-label={props.collapsed ? '展开菜单' : '收起菜单'}
          icon={props.collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={props.onToggle}
        />
        {user.userType === 'merchant' && init.allDianpu.length > 0 && (
          <Space>
            <ShopOutlined />
            <Select
              aria-label="切换店铺"
              style={{ minWidth: 260 }}
              value={init.curDianpu?.id}
              onChange={switchShop}
              options={init.allDianpu.map((s) => ({
                value: s.id,
                label: (
                  <Space size={4}>
                    {s.name}
                    {s.parentId === null ? <Tag color="blue">总店</Tag> : <Tag>分店</Tag>}
                  </Space>
                ),
              }))}
            />
          </Space>
        )}
        {user.userType === 'platform' && <Tag color="purple">平台管理</Tag>}
      </Space>
      <Space size={12}>
        <OrderBadge />
        <MessageBell />
        <Dropdown
          menu={{
            items: [
              ...(accountPage
                ? [
                    {
                      key: 'mine',
                      icon: <UserOutlined />,
                      label: '我的账号',
                      onClick: () => navigate(accountPage.path),
                    },
                  ]
                : []),
              ...(alerts
                ? [
                    {
                      key: 'alerts',
                      icon: <BellOutlined />,
                      label: '提醒设置',
                      onClick: () => navigate(alertsPage.path),
                    },
                  ]
                : []),
              { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', onClick: logout },
            ],
          }}
        >
          <Space className="jz-user" data-testid="user-menu">
            <Avatar size="small" src={user.headUrl || undefined} icon={<UserOutlined />} />
            <Typography.Text>{user.nickName}</Typography.Text>
            <Typography.Text type="secondary">{user.roleNames}</Typography.Text>
            <DownOutlined style={{ fontSize: 10 }} />
          </Space>
        </Dropdown>
      </Space>
    </div>
  );
}
