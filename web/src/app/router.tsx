import { Spin } from 'antd';
import { type ReactNode, Suspense } from 'react';
import { createHashRouter, Navigate, redirect } from 'react-router';
import { ApiError } from '../lib/api-client.ts';
import { lazyPage, preloadPage } from '../lib/lazy-page.ts';
import { loadSession } from '../lib/queries.ts';
import { getToken } from '../lib/storage.ts';
import { ChunkErrorBoundary } from './ChunkErrorBoundary.tsx';
import { pages } from './registry.ts';

// Split points (issue 13, budgets in scripts/check-bundle.mjs): the entry holds the router, the guard and the
// registry only. The login page and the console frame (sidebar, header, icons, message bell, page host) come in
// chunks of their own, so /login never downloads the console and a signed-in page never downloads the login form.
// The loaders start these imports, so the chunks download alongside the session calls rather than after them.
export const LoginPage = lazyPage(
  () => import('../features/auth/pages/LoginPage.tsx'),
  (m) => m.LoginPage,
);
export const ConsoleLayout = lazyPage(
  () => import('./layouts/ConsoleLayout.tsx'),
  (m) => m.ConsoleLayout,
);
// The page host comes in the console frame's chunk (re-exported there): one chunk and one request for both.
const PageView = lazyPage(
  () => import('./layouts/ConsoleLayout.tsx'),
  (m) => m.PageView,
);
const DynamicRoute = lazyPage(
  () => import('./layouts/ConsoleLayout.tsx'),
  (m) => m.DynamicRoute,
);

/** Navigation guard (spec §2): no token -> /login; otherwise the shop data is initialised before each route. */
export async function guardLoader() {
  if (!getToken()) throw redirect('/login');
  ConsoleLayout.preload();
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
  if (getToken()) return redirect('/index');
  LoginPage.preload();
  return null;
}

/** A top-level lazy element: a spinner while its chunk loads, the chunk-failure message (and retry) if it fails. */
function Lazy({ children }: { children: ReactNode }) {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<Spin fullscreen tip="拼命加载中" />}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
}

export const routes = [
  {
    path: '/login',
    element: (
      <Lazy>
        <LoginPage />
      </Lazy>
    ),
    loader: loginLoader,
  },
  { path: '/', element: <Navigate to="/login" replace /> },
  { path: '/home', element: <Navigate to="/index" replace /> },
  {
    element: (
      <Lazy>
        <ConsoleLayout />
      </Lazy>
    ),
    loader: guardLoader,
    // Cached session data makes this cheap; it re-checks the token and refreshes stale shop data on every navigation.
    shouldRevalidate: () => true,
    hydrateFallbackElement: <Spin fullscreen tip="拼命加载中" />,
    children: [
      ...pages.map((p) => ({
        path: p.path,
        element: <PageView page={p} />,
        // Runs beside guardLoader: the page's chunk downloads while the session loads (signed-in visits only).
        loader: () => {
          if (getToken()) preloadPage(p.component);
          return null;
        },
      })),
      { path: '*', element: <DynamicRoute /> },
    ],
  },
];

export const createRouter = () => createHashRouter(routes);
