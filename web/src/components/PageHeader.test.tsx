import type { MenuItem } from '@jz/contracts/menu';
import { screen } from '@testing-library/react';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, testQueryClient } from '../../test/render.tsx';
import { pageByKey } from '../lib/page-registry.ts';
import { tidyColumns } from './data-table/DataTable.tsx';
import { crumbsOf, PageAction, PageHeader } from './PageHeader.tsx';

const item = (id: number, name: string, type: MenuItem['type'], extra: Partial<MenuItem> = {}): MenuItem => ({
  id,
  parentId: null,
  name,
  icon: null,
  type,
  routerUrl: null,
  routerParam: null,
  component: null,
  perms: null,
  status: 1,
  sort: 0,
  scope: 'merchant',
  ...extra,
});
const tree: MenuItem[] = [
  item(1, '商品', 'CAIDAN', {
    children: [item(2, '商品管理', 'ZICAIDAN', { parentId: 1, routerUrl: '/shangpinguanli' })],
  }),
];

function renderHeader(key: string) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(['session', 'menus'], tree);
  const page = pageByKey.get(key);
  if (!page) throw new Error(key);
  return renderWithProviders(
    <>
      <PageHeader page={page} />
      <PageAction>
        <Button type="primary">新增商品</Button>
      </PageAction>
    </>,
    { queryClient },
  );
}

describe('PageHeader', () => {
  it('a list page: 首页 / its menu folder / title, and the page title as heading', () => {
    renderHeader('merchant.goods.list');
    expect(screen.getByRole('heading', { level: 1, name: '商品管理' })).toBeInTheDocument();
    const crumbs = document.querySelector('.jz-page-crumbs') as HTMLElement;
    expect(crumbs.textContent?.replace(/\s/g, '')).toBe('首页/商品/商品管理');
    expect(screen.getByRole('link', { name: '首页' })).toHaveAttribute('href', '/index');
  });

  it('a detail page: the parent page is a link in the trail; the primary action lands in the right-hand slot', async () => {
    sessionStorage.setItem('perms', JSON.stringify(['merchant:goods:list']));
    renderHeader('merchant.goods.detail');
    expect(screen.getByRole('heading', { level: 1, name: '商品详情' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '商品管理' })).toHaveAttribute('href', '/shangpinguanli');
    const slot = document.getElementById('jz-page-actions') as HTMLElement;
    expect(await screen.findByRole('button', { name: '新增商品' })).toBeInTheDocument();
    expect(slot).toContainElement(screen.getByRole('button', { name: '新增商品' }));
  });

  it('names a parent page the user may not open without linking it', () => {
    sessionStorage.setItem('perms', JSON.stringify(['merchant:subaccount:query']));
    renderHeader('account.subDetail');
    const crumbs = document.querySelector('.jz-page-crumbs') as HTMLElement;
    expect(crumbs.textContent?.replace(/\s/g, '')).toBe('首页/子账号与权限/账号详情');
    expect(screen.queryByRole('link', { name: '子账号与权限' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '首页' })).toBeInTheDocument();
  });

  it('the landing page has no 首页 link to itself; without a menu tree the trail is registry only', () => {
    const page = pageByKey.get('home.index');
    expect(page && crumbsOf(page, []).map((c) => c.key)).toEqual(['home.index']);
  });
});

describe('DataTable columns', () => {
  const cols = (n: number, last: { key?: string; title?: string }): ColumnsType<object> => [
    ...Array.from({ length: n - 1 }, (_, i) => ({ key: `c${i}`, title: `列${i}`, ellipsis: i === 0 })),
    { ...last },
  ];
  it('a wide table fixes its action column on the right; ellipsis cells get a tooltip title', () => {
    const { columns, wide } = tidyColumns(cols(8, { key: 'op', title: '操作' }));
    expect(wide).toBe(true);
    expect(columns.at(-1)?.fixed).toBe('right');
    expect(columns[0].ellipsis).toEqual({ showTitle: true });
  });
  it('a narrow table, or a last column that is not an action, stays as declared', () => {
    expect(tidyColumns(cols(4, { key: 'op' })).columns.at(-1)?.fixed).toBeUndefined();
    expect(tidyColumns(cols(8, { key: 'remark', title: '备注' })).columns.at(-1)?.fixed).toBeUndefined();
    expect(tidyColumns(cols(8, { title: '操作' })).columns.at(-1)?.fixed).toBe('right');
  });
});
