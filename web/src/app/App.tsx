import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Spin } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useMemo, useState } from 'react';
import { RouterProvider } from 'react-router';
import { usePendingRequests } from '../lib/loading.ts';
import { setMessageApi } from '../lib/notify.ts';
import { queryClient } from '../lib/queries.ts';
import { createRouter } from './router.tsx';

dayjs.locale('zh-cn');

/** "拼命加载中" while requests are pending, shown only after 400 ms so fast calls do not flash (spec §4). */
export function FullScreenLoading() {
  const pending = usePendingRequests();
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (!pending) return setShow(false);
    const t = setTimeout(() => setShow(true), 400);
    return () => clearTimeout(t);
  }, [pending]);
  return show ? <Spin fullscreen tip="拼命加载中" /> : null;
}

function Bridges() {
  const { message } = AntApp.useApp();
  useEffect(() => setMessageApi(message), [message]);
  return null;
}

export function App() {
  const router = useMemo(createRouter, []);
  return (
    <ConfigProvider
      locale={zhCN}
      theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 }, components: { Table: { cellPaddingBlock: 10 } } }}
    >
      <AntApp>
        <Bridges />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <FullScreenLoading />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
