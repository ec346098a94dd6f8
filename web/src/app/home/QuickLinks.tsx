import { PushpinOutlined } from '@ant-design/icons';
import type { MenuItem } from '@jz/contracts/menu';
import { Button, Card, Col, Row } from 'antd';
import { LazyEmpty } from '../../components/plain/LazyEmpty.tsx';
import { useThemeToken } from '../../lib/theme-token.ts';
import { LazyTooltip } from '../../components/lazy-overlay/LazyOverlay.tsx';
import { useState } from 'react';
import { MenuIcon } from '../../components/icons/icon-map.tsx';
import { LazySelect } from '../../components/lazy-select/LazySelect.tsx';
import { menuHref } from '../../lib/menu-tree.ts';
import { MAX_QUICK_LINKS, quickLinks, readQuick, togglePin } from './quick-links.ts';
import { useAppApi } from '../../lib/app-api.ts';

/**
 * 快捷入口: the user's pinned and most used pages (at most eight) among those it may open, with a pin on each and a
 * picker to pin any other page. `pages`: the page items of the user's menu (what it may open).
 */
export function QuickLinks({ userId, pages, homeKey }: { userId: number; pages: MenuItem[]; homeKey: string }) {
  const { message } = useAppApi();
  const token = useThemeToken();
  const [store, setStore] = useState(() => readQuick(userId));
  const links = quickLinks(store, pages, homeKey);
  const pin = (key: string) => {
    const pinned = togglePin(userId, key);
    if (!pinned) {
      message.warning(`最多固定 ${MAX_QUICK_LINKS} 个常用页面，请先取消一个`);
      return;
    }
    setStore(readQuick(userId));
  };
  const options = pages
    .filter((p) => p.component && p.component !== homeKey && !store.pinned.includes(p.component))
    .map((p) => ({ label: p.name, value: p.component as string }));
  return (
    <Card
      title="快捷入口"
      data-testid="quick-links"
      extra={
        <LazySelect
          aria-label="固定常用页面"
          placeholder="固定常用页面"
          showSearch={{ optionFilterProp: 'label' }}
          value={null}
          style={{ width: 200 }}
          options={options}
          disabled={store.pinned.length >= MAX_QUICK_LINKS || options.length === 0}
          onChange={(key: string) => pin(key)}
        />
      }
    >
      {links.length ? (
        <Row gutter={[12, 12]}>
          {links.map(({ item, pinned }) => (
            <Col key={item.id} xs={12} md={8} xl={6} xxxl={4}>
              <div style={{ display: 'flex', gap: 4 }} data-testid="quick-link" data-pinned={pinned ? 'true' : 'false'}>
                <Button
                  size="large"
                  href={`#${menuHref(item)}`}
                  icon={<MenuIcon name={item.icon} />}
                  style={{ flex: 1, minWidth: 0 }}
                >
                  <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{item.name}</span>
                </Button>
                <LazyTooltip title={pinned ? '取消固定' : '固定'}>
                  <Button
                    size="large"
                    type="text"
                    aria-label={`${pinned ? '取消固定' : '固定'}「${item.name}」`}
                    aria-pressed={pinned}
                    // One icon, coloured when pinned (a second icon costs the landing page's budget).
                    icon={<PushpinOutlined />}
                    style={pinned ? { color: token.colorPrimary, background: token.colorPrimaryBg } : undefined}
                    onClick={() => pin(item.component as string)}
                  />
                </LazyTooltip>
              </div>
            </Col>
          ))}
        </Row>
      ) : (
        <LazyEmpty description="暂无可用功能，请联系管理员分配权限" />
      )}
    </Card>
  );
}
