import type { MenuItem } from '@jz/contracts/menu';
import { fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Sidebar } from './Sidebar.tsx';

const item = (id: number, parentId: number | null, name: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  id,
  parentId,
  name,
  icon: null,
  type: 'ZICAIDAN',
  routerUrl: null,
  routerParam: null,
  component: null,
  perms: null,
  status: 0,
  sort: id,
  scope: 'merchant',
  ...extra,
});

const tree: MenuItem[] = [
  item(1, null, '首页', { routerUrl: '/index' }),
  item(2, null, '订单管理', {
    type: 'CAIDAN',
    children: [
      item(3, 2, '全部订单', { routerUrl: '/dingdanguanli', routerParam: '{"status":20,"tab":"new"}' }),
      item(4, 2, '停用页', { routerUrl: '/off', status: 1 }),
    ],
  }),
  item(5, null, '财务管理', {
    type: 'CAIDAN',
    children: [item(6, 5, '资金总览', { routerUrl: '/caiwuzijinzonglan' })],
  }),
];

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Sidebar tree={tree} collapsed={false} />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <AntApp>
      <RouterProvider router={router} />
    </AntApp>,
  );
}

describe('Sidebar (spec §2)', () => {
  it('navigates to routerUrl with routerParam JSON as the query', () => {
    renderAt('/index');
    fireEvent.click(screen.getByText('订单管理'));
    fireEvent.click(screen.getByText('全部订单'));
    expect(screen.getByTestId('where').textContent).toBe('/dingdanguanli?status=20&tab=new');
  });

  it('disables items whose status is 1', () => {
    renderAt('/index');
    fireEvent.click(screen.getByText('订单管理'));
    expect(screen.getByText('停用页').closest('li')).toHaveClass('ant-menu-item-disabled');
    fireEvent.click(screen.getByText('停用页'));
    expect(screen.getByTestId('where').textContent).toBe('/index');
  });

  it('keeps only one folder open at a time and opens the folder of the current page', () => {
    const { container } = renderAt('/caiwuzijinzonglan');
    const open = () =>
      [...container.querySelectorAll('.ant-menu-submenu-open > .ant-menu-submenu-title')].map((e) => e.textContent);
    expect(open()).toEqual(['财务管理']);
    fireEvent.click(screen.getByText('订单管理'));
    expect(open()).toEqual(['订单管理']);
  });
});
