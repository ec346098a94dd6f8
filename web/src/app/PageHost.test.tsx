import type { MenuItem } from '@jz/contracts/menu';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, testQueryClient } from '../../test/render.tsx';
import { menuQuery } from '../lib/queries.ts';
import { DynamicRoute } from './PageHost.tsx';

const item = (id: number, name: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  id,
  parentId: 1,
  name,
  icon: null,
  type: 'ZICAIDAN',
  routerUrl: null,
  routerParam: null,
  component: null,
  perms: null,
  status: 0,
  sort: id,
  scope: 'platform',
  ...extra,
});
const tree: MenuItem[] = [
  {
    ...item(1, '系统管理', { type: 'CAIDAN', parentId: null }),
    children: [
      item(2, '旧报表', { routerUrl: '/legacy/report', component: 'legacy/report-old' }),
      item(3, '空组件', { routerUrl: '/legacy/blank' }),
    ],
  },
];

function at(path: string) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(menuQuery.queryKey, tree);
  return renderWithProviders(
    <Routes>
      <Route path="*" element={<DynamicRoute />} />
    </Routes>,
    { route: path, queryClient },
  );
}

describe('dynamic routes from the menu tree (spec §2)', () => {
  it('a menu page whose component key is not in the registry says so, naming the menu and the key', async () => {
    at('/legacy/report');
    // The Result's code loads when one is shown (components/result/LazyResult.tsx).
    expect(await screen.findByText('页面组件未注册')).toBeInTheDocument();
    expect(screen.getByText(/菜单「旧报表」指向的组件「legacy\/report-old」不存在/)).toBeInTheDocument();
  });

  it('a menu page without a component key says so too', async () => {
    at('/legacy/blank');
    expect(await screen.findByText(/菜单「空组件」指向的组件「（空）」不存在/)).toBeInTheDocument();
  });

  it('an address no menu names is 页面不存在 with a way home', async () => {
    at('/nowhere');
    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /返回首页/ })).toBeInTheDocument();
  });
});
