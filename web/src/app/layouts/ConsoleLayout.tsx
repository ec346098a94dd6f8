import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Layout, Spin } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ComponentType, type CSSProperties, Suspense, useEffect, useState } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { initPcQuery, menuQuery, profileQuery, queryClient } from '../../lib/queries.ts';
import { onSessionReset } from '../../lib/session-reset.ts';
import { ChunkErrorBoundary } from '../ChunkErrorBoundary.tsx';
import { FullScreenSpin } from '../FullScreenSpin.tsx';
import { DynamicRoute, PageView } from '../PageHost.tsx';
import { pages } from '../registry.ts';
import { SessionGate } from '../SessionGate.tsx';
import { ConsoleApp } from './ConsoleApp.tsx';
import { HeaderBar } from './HeaderBar.tsx';
import { Sidebar } from './Sidebar.tsx';

// Only the console needs these, so they load with its chunk, not with /login: dates (pickers, tables) in Chinese and
// the query cache, cleared at the next sign-in. zod's Chinese messages load with zod itself (zodChineseMessages in
// vite.config.ts).
dayjs.locale('zh-cn');
onSessionReset(() => queryClient.clear());

/** Everything a signed-in address renders (router.tsx loads it lazily): query cache, session guard, frame, pages. */
export function ConsoleRoot() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionGate>
        <ConsoleLayout />
      </SessionGate>
    </QueryClientProvider>
  );
}

/** The registry's pages; any other address may be a dynamic route from the user's menu tree (docs/spec-notes.md#routes). */
function PageRoutes() {
  return (
    <Routes>
      {pages.map((p) => (
        <Route key={p.key} path={p.path} element={<PageView page={p} />} />
      ))}
      <Route path="*" element={<DynamicRoute />} />
    </Routes>
  );
}

/**
 * The new-order alerts load after the frame, in a chunk of their own: the first paint does not wait for
 * them, and a chunk that fails to load (a deploy meanwhile) leaves the badge and the pages working.
 */
function DeferredOrderAlerts() {
  const [Alerts, setAlerts] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    import('../../components/order-alert/OrderAlerts.tsx')
      .then((m) => live && setAlerts(() => m.OrderAlerts))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return Alerts ? <Alerts /> : null;
}

/** The console frame: sidebar from the server menu tree, header with shop switcher and user menu, page outlet. */
export function ConsoleLayout() {
  const [collapsed, setCollapsed] = useState(false);
  const { pathname } = useLocation();
  const { data: user } = useQuery(profileQuery);
  const { data: menus } = useQuery(menuQuery);
  const { data: init } = useQuery(initPcQuery);
  if (!user || !menus || !init) return <FullScreenSpin />;
  // ConsoleApp (antd's <App>, its dialogs loaded after the first paint) gives pages App.useApp() (modal, message,
  // notification: confirm.ts, uploads); it lives here, not at the root, so /login does not download it.
  return (
    <ConsoleApp>
      {/* new paid orders: a notice on every page, the flashing tab title, browser notifications */}
      <DeferredOrderAlerts />
      {/* the sider's width, for what must fit the viewport beside it (styles.css: lists below 1500 px) */}
      <Layout className="jz-app" style={{ '--jz-sider-w': collapsed ? '80px' : '220px' } as CSSProperties}>
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
                <Spin style={{ display: 'block', margin: '120px auto' }} description="拼命加载中">
                  <div />
                </Spin>
              }
            >
              <ChunkErrorBoundary resetKey={pathname}>
                <PageRoutes />
              </ChunkErrorBoundary>
            </Suspense>
          </Layout.Content>
        </Layout>
      </Layout>
    </ConsoleApp>
  );
}
