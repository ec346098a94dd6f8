import { ConfigProvider, message } from 'antd';
// The ES build: `antd/locale/zh_CN` is CommonJS (it requires lib/), which kept CommonJS wrappers in the entry.
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect } from 'react';
import { HashRouter } from 'react-router';
import { usePendingRequests } from '../lib/loading.ts';
import { setMessageApi } from '../lib/notify.ts';
import { FullScreenSpin } from './FullScreenSpin.tsx';
import { AppRoutes } from './router.tsx';

/** "拼命加载中" while requests are pending, shown only after 400 ms so fast calls do not flash (docs/spec-notes.md#states). */
export function FullScreenLoading() {
  return usePendingRequests() ? <FullScreenSpin /> : null;
}

/**
 * The API client's toasts through a context-aware message API. Only message here: antd's <App> (modal, notification
 * and their Form, Skeleton…) wraps the console in ConsoleLayout, so /login does not download it (budgets: docs/performance-browser.md).
 */
function MessageBridge() {
  const [api, holder] = message.useMessage();
  useEffect(() => setMessageApi(api), [api]);
  return holder;
}

export function App() {
  return (
    <ConfigProvider
      locale={zhCN}
      theme={{
        // WCAG AA contrast (axe in e2e/specs/a11y.spec.ts): a primary dark enough for white text (6:1) and secondary,
        // description and placeholder greys of at least 4.5:1 on white.
        token: {
          colorPrimary: '#0958d9',
          colorLink: '#0958d9',
          colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
          colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
          colorTextDescription: 'rgba(0, 0, 0, 0.6)',
          colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
          colorError: '#cf1322',
          colorSuccess: '#237804',
          // The dark success seed would derive a muddy grey-green background (#adb8a5) for success alerts and tags:
          // keep antd's light greens (the #237804 text on them is 5.5:1).
          colorSuccessBg: '#f6ffed',
          colorSuccessBgHover: '#d9f7be',
          colorSuccessBorder: '#b7eb8f',
          colorSuccessBorderHover: '#95de64',
          // Hovered primary buttons keep white text readable (5.2:1; the derived #2e7ae6 gives 4.2:1).
          colorPrimaryHover: '#1668dc',
          borderRadius: 6,
        },
        // White text (停用, 下架) on an unchecked switch's track: 0.55 black gives 4.7:1 (antd's 0.25: 1.8:1).
        components: {
          Table: { cellPaddingBlock: 10 },
          Menu: { darkItemColor: 'rgba(255, 255, 255, 0.8)' },
          Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)' },
        },
      }}
    >
      <MessageBridge />
      {/* Declarative mode (no data router): TanStack Query and the session guard live in the console chunk. */}
      <HashRouter>
        <AppRoutes />
      </HashRouter>
      <FullScreenLoading />
    </ConfigProvider>
  );
}
