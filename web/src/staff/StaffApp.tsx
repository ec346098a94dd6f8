import { TabBar } from 'antd-mobile';
import { lazy, Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { onSignedOut } from './api/client.ts';
import { getStaffToken } from './api/session.ts';
import { JobDetailPage } from './pages/JobDetailPage.tsx';
import { Loading } from './components/LoadState.tsx';
import { JobsPage } from './pages/JobsPage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { MePage } from './pages/MePage.tsx';
import { steps } from './store.ts';

// The first screens (sign-in, the jobs, a job) are in the entry; what 我的 opens and the photo step load on demand,
// fetched once the page is idle so that they are in the browser's cache before the connection drops.
const later = {
  schedule: () => import('./pages/SchedulePage.tsx'),
  leave: () => import('./pages/LeavePage.tsx'),
  month: () => import('./pages/MonthPage.tsx'),
  finish: () => import('./components/FinishStep.tsx'),
};
const SchedulePage = lazy(() => later.schedule().then((m) => ({ default: m.SchedulePage })));
const LeavePage = lazy(() => later.leave().then((m) => ({ default: m.LeavePage })));
const MonthPage = lazy(() => later.month().then((m) => ({ default: m.MonthPage })));

function prefetchLater() {
  const go = () => {
    for (const load of Object.values(later)) load().catch(() => {});
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(go, { timeout: 5000 });
  else setTimeout(go, 2000);
}

/** Path routing under /staff/ (the server answers every /staff/… address with this page). */
export function StaffApp({ basename = '/staff' }: { basename?: string }) {
  return (
    <BrowserRouter basename={basename}>
      <StaffRoutes />
    </BrowserRouter>
  );
}

export function StaffRoutes() {
  const navigate = useNavigate();
  const [signedIn, setSignedIn] = useState(() => !!getStaffToken());
  useEffect(() => {
    onSignedOut(() => {
      setSignedIn(false);
      navigate('/login', { replace: true });
    });
  }, [navigate]);
  useEffect(() => {
    if (!signedIn) return;
    // Steps left from the last visit go out now; later ones whenever the connection returns.
    void steps.flush();
    prefetchLater();
    return steps.watchOnline();
  }, [signedIn]);
  if (!signedIn)
    return (
      <Routes>
        <Route path="/login" element={<LoginPage onSignedIn={() => setSignedIn(true)} />} />
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Routes>
    );
  return (
    <>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route path="/" element={<JobsPage />} />
          <Route path="/jobs/:orderId" element={<JobDetailPage />} />
          <Route path="/me" element={<MePage onSignedOut={() => setSignedIn(false)} />} />
          <Route path="/schedule" element={<SchedulePage />} />
          <Route path="/leave" element={<LeavePage />} />
          <Route path="/month" element={<MonthPage />} />
          <Route path="/login" element={<Navigate to="/" replace />} />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
      <BottomTabs />
    </>
  );
}

function BottomTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = pathname === '/' || pathname.startsWith('/jobs') ? '/' : '/me';
  return (
    <nav className="staff-tabbar">
      <TabBar activeKey={active} onChange={(k) => navigate(k)}>
        <TabBar.Item key="/" title="订单" icon={<TabIcon text="单" />} />
        <TabBar.Item key="/me" title="我的" icon={<TabIcon text="我" />} />
      </TabBar>
    </nav>
  );
}

/** A one-character icon: no icon package for two tabs. */
const TabIcon = ({ text }: { text: string }) => (
  <span
    aria-hidden
    style={{
      display: 'inline-grid',
      placeItems: 'center',
      width: 24,
      height: 24,
      borderRadius: 6,
      border: '1.5px solid currentColor',
      fontSize: 13,
      fontWeight: 600,
    }}
  >
    {text}
  </span>
);
