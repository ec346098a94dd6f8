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
import { Button, type MenuProps, Tag } from 'antd';
import { type PointerEvent, type ReactElement, cloneElement, useState } from 'react';
import { useNavigate } from 'react-router';
import { hasPerm } from '../../lib/access.tsx';
import { callContract } from '../../lib/contract-client.ts';
import { initPcQuery } from '../../lib/queries.ts';
import { clearSession } from '../../lib/storage.ts';
import { MessageBell } from '../../components/message-bell/MessageBell.tsx';
import { OrderBadge } from '../../components/order-badge/OrderBadge.tsx';
import { pageByKey } from '../registry.ts';
import { onUse } from '../../components/lazy-overlay/on-use.ts';
import { HSpace, SmallAvatar, Text } from './frame-parts.tsx';
import { ShopSwitcher } from './ShopSwitcher.tsx';
import { preloadCollapsedMenu } from './Sidebar.tsx';

// The account menu (antd's Dropdown and Menu) loads when the pointer reaches the header's right side.
const userMenu = onUse(() => import('./UserMenuDropdown.tsx').then((m) => m.UserMenuDropdown));

/** The account menu's trigger, alone until the Dropdown is in; the menu opens on arrival if the pointer is on it. */
function UserMenu({
  items,
  children,
}: {
  items: MenuProps['items'];
  children: ReactElement<{ onPointerEnter?: (e: PointerEvent) => void; onPointerLeave?: (e: PointerEvent) => void }>;
}) {
  const Real = userMenu.useValue();
  const [inside, setInside] = useState(false);
  if (Real)
    return (
      <Real items={items} startOpen={inside}>
        {children}
      </Real>
    );
  return cloneElement(children, {
    onPointerEnter: () => {
      setInside(true);
      userMenu.start();
    },
    onPointerLeave: () => setInside(false),
  });
}

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
      <HSpace gap={16}>
        <Button
          type="text"
          aria-label={props.collapsed ? '展开菜单' : '收起菜单'}
          icon={props.collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={props.onToggle}
          onPointerEnter={preloadCollapsedMenu}
          onFocus={preloadCollapsedMenu}
        />
        {user.userType === 'merchant' && init.allDianpu.length > 0 && (
          <HSpace>
            <ShopOutlined />
            <ShopSwitcher shops={init.allDianpu} current={init.curDianpu?.id} onChange={switchShop} />
          </HSpace>
        )}
        {user.userType === 'platform' && <Tag color="purple">平台管理</Tag>}
      </HSpace>
      {/* fixed to the viewport's right edge when a narrow window scrolls the 1500 px frame (styles.css) */}
      <HSpace gap={12} className="jz-header-right" onPointerEnter={userMenu.start}>
        <OrderBadge />
        <MessageBell />
        <UserMenu
          items={[
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
          ]}
        >
          <HSpace className="jz-user" data-testid="user-menu">
            <SmallAvatar src={user.headUrl} />
            <Text>{user.nickName}</Text>
            <Text secondary>{user.roleNames}</Text>
            <DownOutlined style={{ fontSize: 10 }} />
          </HSpace>
        </UserMenu>
      </HSpace>
    </div>
  );
}
