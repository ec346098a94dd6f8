import { Button, Result } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../lib/api-client.ts';
import { loadSession } from '../lib/queries.ts';
import { getToken } from '../lib/storage.ts';
import { FullScreenSpin } from './FullScreenSpin.tsx';

/**
 * The shop data is initialised before the first console page (spec §2): profile, menus, button codes and the shop
 * init. Each navigation loads it again (cached queries make that cheap; a cleared cache fetches). A 401 or a vanished
 * token goes to /login (the API client has said why); any other failure is shown with a retry.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname and attempt are the triggers (each navigation, 重试)
  useEffect(() => {
    let live = true;
    loadSession().then(
      () => live && setReady(true),
      (e) => {
        if (!live) return;
        if (!getToken() || (e instanceof ApiError && e.code === 401)) navigate('/login', { replace: true });
        else setFailed(e);
      },
    );
    return () => {
      live = false;
    };
  }, [pathname, attempt, navigate]);

  if (failed)
    return (
      <Result
        status="error"
        title="加载失败"
        subTitle={failed instanceof Error && failed.message ? failed.message : '店铺数据未能加载，请重试。'}
        extra={
          <Button
            type="primary"
            onClick={() => {
              setFailed(null);
              setAttempt((n) => n + 1);
            }}
          >
            重试
          </Button>
        }
      />
    );
  if (!ready) return <FullScreenSpin />;
  return children;
}
