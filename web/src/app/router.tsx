import { type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { lazyPage, preloadPage } from '../lib/lazy-page.ts';
import { getToken } from '../lib/storage.ts';
import { ChunkErrorBoundary } from './ChunkErrorBoundary.tsx';
import { FullScreenSpin } from './FullScreenSpin.tsx';
import { pageByPath } from './registry.ts';
import { pagePath } from '../lib/page-registry.ts';

// Split points (docs/performance.md; budgets in scripts/check-bundle.mjs): the entry holds React, the router (declarative
// mode: the data router's loaders and fetchers cost every route ~17 KB gzip), antd's ConfigProvider and message API,
// and the page registry only. The login page and the console (frame, session guard, TanStack Query, page routes) come
// in chunks of their own, so /login never downloads the console and a signed-in page never downloads the login form.
export const LoginPage = lazyPage(
  () => import('../features/auth/pages/LoginPage.tsx'),
  (m) => m.LoginPage,
);
export const Console = lazyPage(
  () => import('./layouts/ConsoleLayout.tsx'),
  (m) => m.ConsoleRoot,
);

/**
 * Starts the chunks the first screen needs before React renders: the login page, or the console and the page of the
 * address (it downloads beside the console chunk and the session calls rather than after them).
 */
export function preloadFor(hash: string) {
  // Without a token every address ends on /login; with one, /, /login and /home end on /index.
  if (!getToken()) return LoginPage.preload();
  Console.preload();
  const path = hash.replace(/^#/, '').split(/[?#]/)[0];
  const page = pageByPath.get(['', '/', '/login', '/home'].includes(path) ? pagePath('home.index') : path);
  if (page) preloadPage(page.component);
}

/** A top-level lazy element: a spinner while its chunk loads, the chunk-failure message (and retry) if it fails. */
function Lazy({ children }: { children: ReactNode }) {
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<FullScreenSpin />}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
}

/** With a stored token, /login goes to /index. */
function LoginRoute() {
  if (getToken()) return <Navigate to={pagePath('home.index')} replace />;
  return (
    <Lazy>
      <LoginPage />
    </Lazy>
  );
}

/**
 * Navigation guard (docs/spec-notes.md#routes): no token -> /login, checked again on every navigation (hence useLocation). With one,
 * the console's session gate loads the shop data before the first page and refreshes it on each navigation.
 */
function ConsoleRoute() {
  useLocation();
  if (!getToken()) return <Navigate to="/login" replace />;
  return (
    <Lazy>
      <Console />
    </Lazy>
  );
}

/** The top-level routes; the console's page routes (from the registry) are inside the console chunk. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginRoute />} />
      <Route path="/" element={<Navigate to="/login" replace />} />
      <Route path="/home" element={<Navigate to={pagePath('home.index')} replace />} />
      <Route path="*" element={<ConsoleRoute />} />
    </Routes>
  );
}
