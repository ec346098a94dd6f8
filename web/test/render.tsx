import type { UserInfo } from '@jz/contracts/auth';
import { type DefaultOptions, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { setPerms, setUserInfo } from '../src/lib/storage.ts';

/**
 * The providers the console gives every page, for component tests: real antd (zhCN as in App.tsx, and the antd <App>
 * that ConsoleLayout adds for modal/message hooks), a fresh TanStack Query client that never retries (a failed call
 * shows its error at once) and a MemoryRouter.
 */
export interface ProvidersOptions {
  /** The router's starting location; default '/'. The ui brings its own <Routes> when it needs route params. */
  route?: string;
  /**
   * false: no MemoryRouter, for a ui that brings its own router (a data router for pages that block navigation with
   * useBlocker).
   */
  router?: false;
  /** A client the test keeps (to seed or read the cache); default a fresh `testQueryClient()`. */
  queryClient?: QueryClient;
  /** The signed-in user, stored as the session would (storage.ts). */
  user?: UserInfo;
  /** The button permission codes of the session (storage.ts). */
  perms?: string[];
  /** antd theme overrides, e.g. `{ token: { motion: false } }` for notifications that must leave at once. */
  theme?: ThemeConfig;
}

/** A query client for one test: no retries, no refetch on focus; `queries` adds to or overrides those defaults. */
export function testQueryClient(queries: DefaultOptions['queries'] = {}) {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, ...queries } } });
}

function Providers({
  client,
  options,
  children,
}: {
  client: QueryClient;
  options: ProvidersOptions;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={client}>
      <ConfigProvider locale={zhCN} theme={options.theme}>
        <AntApp>
          {options.router === false ? (
            children
          ) : (
            <MemoryRouter initialEntries={[options.route ?? '/']}>{children}</MemoryRouter>
          )}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

/** The providers as a `wrapper` (for renderHook, or a render whose rerender must keep the same query client). */
export function providers(options: ProvidersOptions = {}) {
  const queryClient = options.queryClient ?? testQueryClient();
  if (options.user) setUserInfo(options.user);
  if (options.perms) setPerms(options.perms);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers client={queryClient} options={options}>
      {children}
    </Providers>
  );
  return { wrapper, queryClient };
}

/** render() inside the console's providers; `rerender` keeps them (and the same query client). */
export function renderWithProviders(ui: ReactNode, options: ProvidersOptions = {}) {
  const { wrapper, queryClient } = providers(options);
  return Object.assign(render(ui, { wrapper }), { queryClient });
}

export { expectEvery } from './expect-every.ts';
