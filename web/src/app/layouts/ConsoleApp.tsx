import AppContext, { type useAppProps } from 'antd/es/app/context';
import useStyle from 'antd/es/app/style';
import { ConfigContext } from 'antd/es/config-provider/context';
import useMessage from 'antd/es/message/useMessage';
import type { ModalFuncProps } from 'antd/es/modal/interface';
import type { HookAPI } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';
import {
  type ComponentType,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useAfterPaint } from '../../lib/after-paint.ts';
import { withChunkTimeout } from '../../lib/lazy-page.ts';
import { notify } from '../../lib/notify.ts';

/** What the lazily loaded holders hand over once mounted: antd's modal and notification hook APIs. */
export interface HolderApis {
  modal: HookAPI;
  notification: NotificationInstance;
}
export type HoldersProps = { onReady: (apis: HolderApis) => void };

// The mounted holders' APIs; calls made before they are in wait here (null: their chunk failed to load).
let apis: HolderApis | null = null;
const waiting: ((a: HolderApis | null) => void)[] = [];
let request: (() => void) | null = null;
function holders(): Promise<HolderApis | null> {
  if (apis) return Promise.resolve(apis);
  return new Promise((resolve) => {
    waiting.push(resolve);
    request?.();
  });
}

type Instance = ReturnType<HookAPI['confirm']>;
type ConfigUpdate = Parameters<Instance['update']>[0];
/** A modal function that opens the real dialog once the holders are in; destroy/update before that apply then. */
function deferredModal(kind: keyof HookAPI): HookAPI[keyof HookAPI] {
  return (config: ModalFuncProps) => {
    let inst: Instance | null = null;
    let destroyed = false;
    const updates: ConfigUpdate[] = [];
    // The instance is a thenable (it settles when the dialog closes): kept in a box, not resolved through.
    const opened = holders().then((api) => {
      if (destroyed || !api) return { inst: null };
      inst = api.modal[kind](config);
      for (const u of updates) inst.update(u);
      return { inst };
    });
    const closed = opened.then(({ inst: i }) => (i ? new Promise<boolean>((r) => i.then(r, () => r(false))) : false));
    return {
      destroy: () => {
        if (inst) inst.destroy();
        else destroyed = true;
      },
      update: (u: ConfigUpdate) => {
        if (inst) inst.update(u);
        else updates.push(u);
      },
      // The hook API's promise form (as antd's own): true on OK, false on cancel (or when it never opened).
      // biome-ignore lint/suspicious/noThenProperty: the modal hook's instances are thenables by antd's API
      then: <T,>(resolve: (confirmed: boolean) => T, reject: VoidFunction) =>
        closed.then(resolve, reject) as Promise<T>,
    };
  };
}

function deferredNotification<K extends keyof NotificationInstance>(kind: K): NotificationInstance[K] {
  return ((arg?: never) => {
    void holders().then((api) => api && (api.notification[kind] as (a?: never) => void)(arg));
  }) as NotificationInstance[K];
}

const modal: HookAPI = {
  info: deferredModal('info'),
  success: deferredModal('success'),
  error: deferredModal('error'),
  warning: deferredModal('warning'),
  confirm: deferredModal('confirm'),
};
const notification: NotificationInstance = {
  success: deferredNotification('success'),
  error: deferredNotification('error'),
  info: deferredNotification('info'),
  warning: deferredNotification('warning'),
  open: deferredNotification('open'),
  destroy: deferredNotification('destroy'),
};

/**
 * antd's <App> for the console, lighter: the same wrapper (class and styles) and the same context (App.useApp():
 * message, modal, notification), but the modal and notification holders (antd's Modal with its dialog, Skeleton…:
 * ~11 KB gzip) are a chunk of their own, loaded once the frame has painted and the browser is idle, or at the first
 * dialog if that comes sooner; a dialog asked for meanwhile opens when they arrive (docs/performance-browser.md).
 */
export function ConsoleApp({ children }: { children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useStyle(prefixCls);
  const [messageApi, messageHolder] = useMessage();
  const [Holders, setHolders] = useState<ComponentType<HoldersProps> | null>(null);
  const loading = useRef(false);
  const painted = useAfterPaint(2000);

  const load = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    withChunkTimeout(import('./AppHolders.tsx')).then(
      (m) => setHolders(() => m.AppHolders),
      () => {
        // The next dialog tries the chunk again; one asked for meanwhile is dropped with a message.
        loading.current = false;
        const dropped = waiting.splice(0);
        if (dropped.length) notify.error('对话框加载失败，请检查网络后重试');
        for (const r of dropped) r(null);
      },
    );
  }, []);
  useEffect(() => {
    request = load;
    if (waiting.length) load();
    return () => {
      request = null;
      apis = null;
    };
  }, [load]);
  useEffect(() => {
    if (painted) load();
  }, [painted, load]);

  const onReady = useCallback((a: HolderApis) => {
    apis = a;
    for (const r of waiting.splice(0)) r(a);
  }, []);
  const value = useMemo<useAppProps>(() => ({ message: messageApi, modal, notification }), [messageApi]);
  return (
    <AppContext.Provider value={value}>
      <div className={[hashId, prefixCls, cssVarCls].filter(Boolean).join(' ')}>
        {Holders && <Holders onReady={onReady} />}
        {messageHolder}
        {children}
      </div>
    </AppContext.Provider>
  );
}
