import type { MenuItem } from '@jz/contracts/menu';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders, testQueryClient } from '../../../test/render.tsx';
import { profileQuery } from '../../lib/queries.ts';
import { QuickLinks } from './QuickLinks.tsx';
import { RecordVisit } from './RecordVisit.tsx';
import { MAX_QUICK_LINKS, quickLinks, readQuick, recordVisit, togglePin } from './quick-links.ts';

let nextId = 100;
const page = (component: string, name: string, routerUrl: string): MenuItem => ({
  id: nextId++,
  parentId: 1,
  name,
  icon: null,
  type: 'ZICAIDAN',
  routerUrl,
  routerParam: null,
  component,
  perms: null,
  status: 0,
  sort: 1,
  scope: 'merchant',
});
const PAGES: MenuItem[] = [
  page('home.index', '首页', '/index'),
  page('merchant.shop.list', '店铺管理', '/dianpuguanli'),
  page('merchant.shop.info', '店铺信息', '/dianpuxinxi'),
  page('merchant.goods.list', '商品管理', '/shangpinguanli'),
  page('merchant.employee.list', '公司员工', '/gongsiyuangong'),
  page('merchant.order.list', '订单管理', '/dingdanguanli'),
  page('merchant.order.taking', '订单接单', '/dingdanjiedan'),
  page('merchant.order.verify', '订单核销', '/dingdanhexiao'),
  page('merchant.review.list', '订单评价', '/dingdanpingjia'),
  page('merchant.finance.home', '财务管理', '/caiwuguanli'),
  page('merchant.finance.ledger', '收支明细', '/shouzhimingxi'),
  page('merchant.stats.operations', '运营数据', '/yunyingshuju'),
  page('merchant.message.list', '消息中心', '/xiaoxizhongxin'),
  page('merchant.jinjian', '用户进件', '/yonghujinjian'),
];
const names = (userId: number) => quickLinks(readQuick(userId), PAGES, 'home.index').map((l) => l.item.name);

beforeEach(() => localStorage.clear());

describe('quick links (store)', () => {
  it('before any visit: six daily pages the user may open, never the landing page', () => {
    expect(names(1)).toEqual(['订单接单', '订单管理', '商品管理', '公司员工', '店铺信息', '订单评价']);
    // A user who may open none of them gets the first pages of its menu.
    const few = [PAGES[0], PAGES[12], PAGES[13]];
    expect(quickLinks(readQuick(1), few, 'home.index').map((l) => l.item.name)).toEqual(['消息中心', '用户进件']);
  });

  it('the most used pages come first (ties: the latest), topped up to six, at most eight', () => {
    for (let i = 0; i < 3; i++) recordVisit(1, 'merchant.finance.ledger', 1000 + i);
    recordVisit(1, 'merchant.jinjian', 2000);
    recordVisit(1, 'merchant.message.list', 3000);
    expect(names(1)).toEqual(['收支明细', '消息中心', '用户进件', '订单接单', '订单管理', '商品管理']);
    for (const [i, p] of PAGES.entries()) recordVisit(1, p.component as string, 5000 + i);
    expect(names(1)).toHaveLength(MAX_QUICK_LINKS);
    expect(names(1)[0]).toBe('收支明细');
    expect(names(1)).not.toContain('首页');
  });

  it('is kept per user id', () => {
    recordVisit(1, 'merchant.jinjian');
    expect(names(1)[0]).toBe('用户进件');
    expect(names(2)[0]).toBe('订单接单');
    expect(localStorage.getItem('jz.quickLinks.1')).toContain('merchant.jinjian');
  });

  it('pinned pages come before the most used; at most eight pins; a page the user lost is not shown', () => {
    recordVisit(1, 'merchant.jinjian');
    expect(togglePin(1, 'merchant.stats.operations')).toEqual(['merchant.stats.operations']);
    togglePin(1, 'sys.menu'); // not in the user's menu (any more)
    const links = quickLinks(readQuick(1), PAGES, 'home.index');
    expect(links.slice(0, 2).map((l) => [l.item.name, l.pinned])).toEqual([
      ['运营数据', true],
      ['用户进件', false],
    ]);
    expect(links.map((l) => l.item.component)).not.toContain('sys.menu');
    for (const p of PAGES.slice(1, 7)) togglePin(1, p.component as string);
    expect(readQuick(1).pinned).toHaveLength(8);
    expect(togglePin(1, 'merchant.jinjian')).toBeNull();
    expect(togglePin(1, 'sys.menu')).toHaveLength(7);
  });

  it('survives a damaged store', () => {
    localStorage.setItem('jz.quickLinks.1', '{not json');
    expect(names(1)).toHaveLength(6);
    localStorage.setItem('jz.quickLinks.1', JSON.stringify({ visits: 3, pinned: 'x' }));
    expect(names(1)).toHaveLength(6);
  });
});

function show(userId = 1) {
  return renderWithProviders(<QuickLinks userId={userId} pages={PAGES} homeKey="home.index" />);
}

describe('QuickLinks (card)', () => {
  it('shows the links as real links to their pages, each with a pin', () => {
    recordVisit(1, 'merchant.finance.ledger');
    show();
    const card = screen.getByTestId('quick-links');
    const links = within(card).getAllByRole('link');
    expect(links).toHaveLength(6);
    expect(links[0]).toHaveTextContent('收支明细');
    expect(links[0]).toHaveAttribute('href', '#/shouzhimingxi');
    expect(within(card).getAllByRole('button', { name: /^固定「/ })).toHaveLength(6);
  });

  it('pins and unpins from the card; a pinned page stays first', () => {
    recordVisit(1, 'merchant.finance.ledger');
    show();
    fireEvent.click(screen.getByRole('button', { name: '固定「商品管理」' }));
    expect(readQuick(1).pinned).toEqual(['merchant.goods.list']);
    const first = screen.getAllByTestId('quick-link')[0];
    expect(first).toHaveAttribute('data-pinned', 'true');
    expect(first).toHaveTextContent('商品管理');
    const unpin = screen.getByRole('button', { name: '取消固定「商品管理」' });
    expect(unpin).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(unpin);
    expect(readQuick(1).pinned).toEqual([]);
    expect(screen.getAllByTestId('quick-link')[0]).toHaveTextContent('收支明细');
  });

  it('pins any page the user may open from the picker', async () => {
    show();
    // A face until clicked; antd's Select then loads, opened (LazySelect).
    fireEvent.click(screen.getByRole('button', { name: '固定常用页面' }));
    await screen.findByRole('combobox', { name: '固定常用页面' });
    fireEvent.click(await screen.findByTitle('店铺管理'));
    expect(readQuick(1).pinned).toEqual(['merchant.shop.list']);
    expect(screen.getAllByTestId('quick-link')[0]).toHaveTextContent('店铺管理');
  });

  it('with no page to open: says whom to ask', () => {
    renderWithProviders(<QuickLinks userId={1} pages={[PAGES[0]]} homeKey="home.index" />);
    expect(screen.getByText('暂无可用功能，请联系管理员分配权限')).toBeInTheDocument();
  });
});

describe('RecordVisit (rendered by PageView for each page the user may see)', () => {
  it('counts a page for the signed-in user, a page reached from a list for its menu page; it asks nothing', () => {
    const queryClient = testQueryClient();
    queryClient.setQueryData(profileQuery.queryKey, { id: 7 } as never);
    const { rerender } = renderWithProviders(<RecordVisit page={{ key: 'merchant.goods.list' }} />, { queryClient });
    rerender(<RecordVisit page={{ key: 'merchant.goods.detail', parentKey: 'merchant.goods.list' }} />);
    rerender(<RecordVisit page={{ key: 'merchant.jinjian' }} />);
    const visits = readQuick(7).visits;
    expect(visits['merchant.goods.list'].n).toBe(1);
    expect(visits['merchant.jinjian'].n).toBe(1);
    expect(visits['merchant.goods.detail']).toBeUndefined();
    // Without a profile in the cache (not signed in): nothing recorded, nothing fetched.
    const { queryClient: empty } = renderWithProviders(<RecordVisit page={{ key: 'merchant.order.list' }} />);
    expect(empty.getQueryState(profileQuery.queryKey)?.fetchStatus ?? 'idle').toBe('idle');
    expect(Object.keys(readQuick(7).visits)).not.toContain('merchant.order.list');
  });
});
