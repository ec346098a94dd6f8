import { CloseCircleFilled } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../lib/api-client.ts';
import { loadSession } from '../lib/queries.ts';
import { getToken } from '../lib/storage.ts';
import { FullScreenSpin } from './FullScreenSpin.tsx';

/**
 * The shop data is initialised before the first console page (docs/spec-notes.md#routes): profile, menus, button codes and the shop
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

  // Plain markup in the look of antd's Result (as ChunkErrorBoundary): this shows when the network or the server
  // failed, so it must not wait for a chunk of its own, and Result's illustrations stay out of every route's frame.
  if (failed)
    return (
      <Flex vertical align="center" gap={16} style={{ padding: '48px 32px', textAlign: 'center' }} role="alert">
        <CloseCircleFilled style={{ fontSize: 72, color: '#cf1322' }} />
        <h3 style={{ margin: 0, fontSize: 24, fontWeight: 500, color: 'rgba(0, 0, 0, 0.88)' }}>加载失败</h3>
        <p style={{ margin: 0, color: 'rgba(0, 0, 0, 0.65)' }}>
          {failed instanceof Error && failed.message ? failed.message : '店铺数据未能加载，请重试。'}
        </p>
        <Button
          type="primary"
          onClick={() => {
            setFailed(null);
            setAttempt((n) => n + 1);
          }}
        >
          重试
        </Button>
      </Flex>
    );
  if (!ready) return <FullScreenSpin />;
  return children;
}
