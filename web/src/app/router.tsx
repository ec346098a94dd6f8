import { Spin } from 'antd';
import { createHashRouter, Navigate, redirect } from 'react-router';
import { LoginPage } from '../features/auth/pages/LoginPage.tsx';
import { ApiError } from '../lib/api-client.ts';
import { loadSession } from '../lib/queries.ts';
import { getToken } from '../lib/storage.ts';
import { ConsoleLayout } from './layouts/ConsoleLayout.tsx';
import { DynamicRoute, PageView } from './PageHost.tsx';
import { pages } from './registry.ts';

/** Navigation guard (spec §2): no token -> /login; otherwise the shop data is initialised before each route. */
export async function guardLoader() {
  if (!getToken()) throw redirect('/login');
  try {
    await loadSession();
  } catch (e) {
    if (!getToken() || (e instanceof ApiError && e.code === 401)) throw redirect('/login');
    throw e;
  }
  return null;
}

/** With a stored token, /login goes to /index. */
export function loginLoader() {
  return getToken() ? redirect('/index') : null;
}

export const routes = [
  { path: '/login', element: <LoginPage />, loader: loginLoader },
  { path: '/', element: <Navigate to="/login" replace /> },
  { path: '/home', element: <Navigate to="/index" replace /> },
  {
    element: <ConsoleLayout />,
    loader: guardLoader,
    // Cached session data makes this cheap; it re-checks the token and refreshes stale shop data on every navigation.
    shouldRevalidate: () => true,
    hydrateFallbackElement: <Spin fullscreen tip="拼命加载中" />,
    children: [
      ...pages.map((p) => ({ path: p.path, element: <PageView page={p} /> })),
      { path: '*', element: <DynamicRoute /> },
    ],
  },
];

export const createRouter = () => createHashRouter(routes);
