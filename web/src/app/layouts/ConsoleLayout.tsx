import { useQuery } from '@tanstack/react-query';
import { App as AntApp, Layout, Spin } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { initPcQuery, menuQuery, profileQuery } from '../../lib/queries.ts';
import { ChunkErrorBoundary } from '../ChunkErrorBoundary.tsx';
import { HeaderBar } from './HeaderBar.tsx';
import { Sidebar } from './Sidebar.tsx';

// The router takes the page host from this chunk (see router.tsx).
export { DynamicRoute, PageView } from '../PageHost.tsx';

// Dates appear only in the console (pickers, tables): the locale loads with it, not with /login.
dayjs.locale('zh-cn');

/** The console frame: sidebar from the server menu tree, header with shop switcher and user menu, page outlet. */
export function ConsoleLayout() {
  const [collapsed, setCollapsed] = useState(false);
  const { pathname } = useLocation();
  const { data: user } = useQuery(profileQuery);
  const { data: menus } = useQuery(menuQuery);
  const { data: init } = useQuery(initPcQuery);
  if (!user || !menus || !init) return <Spin fullscreen tip="拼命加载中" />;
  // antd's <App> gives pages App.useApp() (modal, message, notification: confirm.ts, uploads); it lives here, not at
  // the root, so /login does not download it.
  return (
    <AntApp>
      <Layout className="jz-app">
        <Layout.Sider width={220} collapsible collapsed={collapsed} trigger={null} className="jz-sider">
          <div className="jz-logo">{collapsed ? '家政' : '家政商家后台'}</div>
          <Sidebar tree={menus} collapsed={collapsed} />
        </Layout.Sider>
        <Layout>
          <Layout.Header className="jz-header-wrap">
            <HeaderBar user={user} init={init} collapsed={collapsed} onToggle={() => setCollapsed((c) => !c)} />
          </Layout.Header>
          <Layout.Content className="jz-content">
            <Suspense
              fallback={
                <Spin style={{ display: 'block', margin: '120px auto' }} tip="拼命加载中">
                  <div />
                </Spin>
              }
            >
              <ChunkErrorBoundary resetKey={pathname}>
                <Outlet />
              </ChunkErrorBoundary>
            </Suspense>
          </Layout.Content>
        </Layout>
      </Layout>
    </AntApp>
  );
}
