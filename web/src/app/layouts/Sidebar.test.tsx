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
  item(2, null, '订单中心', {
    type: 'CAIDAN',
    children: [
      item(3, 2, '全部订单', { routerUrl: '/dingdanguanli', routerParam: '{"status":20,"tab":"new"}' }),
      item(4, 2, '停用页', { routerUrl: '/off', status: 1 }),
    ],
  }),
  item(5, null, '财务中心', {
    type: 'CAIDAN',
    children: [
      item(6, 5, '资金总览', { routerUrl: '/caiwuzijinzonglan' }),
      item(7, 5, '收支明细', { routerUrl: '/shouzhimingxi' }),
    ],
  }),
  // What a role granting one page of a folder receives: the folder holds that page only.
  item(8, null, '员工管理', {
    type: 'CAIDAN',
    icon: 'TeamOutlined',
    children: [item(9, 8, '公司员工', { routerUrl: '/gongsiyuangong' })],
  }),
  item(10, null, '停用的目录', {
    type: 'CAIDAN',
    status: 1,
    children: [item(11, 10, '唯一页', { routerUrl: '/only' })],
  }),
];

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

function renderAt(path: string, menus = tree) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Sidebar tree={menus} collapsed={false} />
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
    fireEvent.click(screen.getByText('订单中心'));
    fireEvent.click(screen.getByText('全部订单'));
    expect(screen.getByTestId('where').textContent).toBe('/dingdanguanli?status=20&tab=new');
  });

  it('disables items whose status is 1', () => {
    renderAt('/index');
    fireEvent.click(screen.getByText('订单中心'));
    expect(screen.getByText('停用页').closest('li')).toHaveClass('ant-menu-item-disabled');
    fireEvent.click(screen.getByText('停用页'));
    expect(screen.getByTestId('where').textContent).toBe('/index');
  });

  it('keeps only one folder open at a time and opens the folder of the current page', () => {
    const { container } = renderAt('/caiwuzijinzonglan');
    const open = () =>
      [...container.querySelectorAll('.ant-menu-submenu-open > .ant-menu-submenu-title')].map((e) => e.textContent);
    expect(open()).toEqual(['财务中心']);
    fireEvent.click(screen.getByText('订单中心'));
    expect(open()).toEqual(['订单中心']);
  });

  it('shows a folder with a single page as that page, at the folder’s place', () => {
    const { container } = renderAt('/index');
    const top = [...container.querySelectorAll('.ant-menu-root > li')].map((li) => li.textContent);
    expect(top).toEqual(['首页', '订单中心', '财务中心', '公司员工', '唯一页']);
    expect(screen.queryByText('员工管理')).not.toBeInTheDocument();
    // A top-level page, selected on its own address, one click away.
    fireEvent.click(screen.getByText('公司员工'));
    expect(screen.getByTestId('where').textContent).toBe('/gongsiyuangong');
    expect(screen.getByText('公司员工').closest('li')).toHaveClass('ant-menu-item-selected');
    // The folder's icon stands in for a page without one; a disabled folder disables its page.
    expect(screen.getByText('公司员工').closest('li')?.querySelector('.anticon-team')).not.toBeNull();
    expect(screen.getByText('唯一页').closest('li')).toHaveClass('ant-menu-item-disabled');
  });

  it('shows a folder whose single entry is a folder as that folder', () => {
    renderAt('/gongsiyuangong', [
      item(20, null, '外层', {
        type: 'CAIDAN',
        children: [
          item(21, 20, '内层', {
            type: 'CAIDAN',
            children: [item(22, 21, '公司员工', { routerUrl: '/gongsiyuangong' }), item(23, 21, '另一页', {})],
          }),
        ],
      }),
    ]);
    expect(screen.queryByText('外层')).not.toBeInTheDocument();
    expect(screen.getByText('内层').closest('li')).toHaveClass('ant-menu-submenu-open');
    expect(screen.getByText('公司员工').closest('li')).toHaveClass('ant-menu-item-selected');
  });

  it('moves with the keyboard: ↓ through the items, → opens a folder, Enter opens a page', async () => {
    renderAt('/index');
    const menu = screen.getByRole('menu');
    menu.focus();
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('首页');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('订单中心');
    fireEvent.keyDown(menu, { key: 'ArrowRight' });
    expect(screen.getByText('订单中心').closest('li')).toHaveClass('ant-menu-submenu-open');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('全部订单');
    fireEvent.keyDown(menu, { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe('/dingdanguanli?status=20&tab=new');
  });
});
