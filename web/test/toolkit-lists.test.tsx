import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setPerms } from '../src/lib/storage.ts';
import { press } from './press.ts';
import BannerPage from '../src/features/platform/banner/pages/BannerPage.tsx';
import FeedbackPage from '../src/features/platform/feedback/pages/FeedbackPage.tsx';
import MerchantUserPage from '../src/features/platform/merchant-user/pages/MerchantUserPage.tsx';
import NoticePage from '../src/features/platform/notice/pages/NoticePage.tsx';
import QaPage from '../src/features/platform/qa/pages/QaPage.tsx';
import GenPage from '../src/features/system/gen/pages/GenPage.tsx';
import MenuPage from '../src/features/system/menu/pages/MenuPage.tsx';
import RolePage from '../src/features/system/role/pages/RolePage.tsx';
import UserPage from '../src/features/system/user/pages/UserPage.tsx';
import LogPage from '../src/features/system/log/pages/LogPage.tsx';
import { renderWithProviders } from './render.tsx';

/**
 * Every toolkit list has search, the 10/20/30/50 pager and loading / empty / error states. The server is
 * replaced: list calls answer by `mode`, dictionaries answer empty; antd, TanStack Query and the pages are real.
 */
type Mode = 'pending' | 'empty' | 'error' | 'many';
let mode: Mode = 'empty';
const calls: [string, Record<string, unknown> | undefined][] = [];

/** Twelve top-level menus: enough for the menu tree's client-side pager. */
const MENUS = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  parentId: null,
  name: `菜单${i + 1}`,
  type: 'CAIDAN',
  scope: 'platform',
  icon: null,
  routerUrl: null,
  routerParam: null,
  component: null,
  perms: null,
  status: 0,
  sort: i,
  builtIn: false,
  children: [],
}));

vi.mock('../src/lib/api-client.ts', () => ({
  api: {
    get: async (url: string, params?: Record<string, unknown>) => {
      if (url.includes('/dict/')) return { dataList: [] };
      if (url.includes('/gen/table/settings')) return { writeEnabled: false };
      calls.push([url, params]);
      if (mode === 'pending') return new Promise(() => {});
      if (mode === 'error') throw new Error('网络错误,请稍后再试');
      if (url.includes('/menu/findAllByTree')) return mode === 'many' ? MENUS : [];
      if (url.includes('findAllByList') || url.includes('findSelectByTree')) return [];
      return { records: [], total: mode === 'many' ? 35 : 0 };
    },
    post: async () => null,
    del: async () => null,
  },
  download: async () => undefined,
  http: { post: async () => ({ data: { result: {} } }) },
  ApiError: class extends Error {},
}));

/** Each list with the first text filter of its search form and the query parameter it becomes. */
const LISTS: [string, ComponentType, string, string, string][] = [
  ['用户管理', UserPage, '/sys/user/findAllByPage', '登录名', 'loginName'],
  ['角色管理', RolePage, '/sys/role/findAllByPage', '角色名称', 'name'],
  ['操作日志', LogPage, '/sys/log/findAllByPage', '操作人', 'loginName'],
  ['代码生成', GenPage, '/gen/table/findAllByPage', '表名称', 'tableName'],
  ['轮播图', BannerPage, '/lunbotu/findAllByPage', '标题', 'title'],
  ['通知公告', NoticePage, '/tongzhi/findAllByPage', '标题', 'title'],
  ['常见问题', QaPage, '/qa/findAllByPage', '问题', 'question'],
  ['意见反馈', FeedbackPage, '/fankui/findAllByPage', '商家', 'merchantName'],
  ['商家用户', MerchantUserPage, '/app/user/findAllByPage', '商家名称', 'merchantName'],
  ['菜单管理', MenuPage, '/menu/findAllByTree', '菜单名称', 'name'],
];

function show(Page: ComponentType) {
  return renderWithProviders(<Page />);
}
const lastCall = (path: string) => calls.filter(([u]) => u.includes(path)).at(-1)?.[1];

// Ten real pages under jsdom on a shared machine: generous per-test time.
vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => {
  calls.length = 0;
  setPerms(['super']);
});
afterEach(() => {
  mode = 'empty';
});

describe.each(LISTS)('%s', (_title, Page, path, label, param) => {
  it('searches: the filter reaches the call, 重置 clears it', async () => {
    show(Page);
    await waitFor(() => expect(lastCall(path)).toBeDefined());
    fireEvent.change(screen.getByLabelText(label), { target: { value: ' 张三 ' } });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(lastCall(path)).toMatchObject({ [param]: '张三' }));
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(lastCall(path)?.[param]).toBeUndefined());
  });

  it('shows loading while the call runs', async () => {
    mode = 'pending';
    const { container } = show(Page);
    expect(await screen.findByText('加载中…')).toBeInTheDocument();
    expect(container.querySelector('.ant-spin-spinning')).not.toBeNull();
  });

  it('shows the empty state', async () => {
    show(Page);
    // zhCN (as the app) also names the empty image 暂无数据 in its SVG <title>: the visible text is what counts.
    expect(await screen.findByText(/暂无数据|暂无菜单/, { ignore: 'script, style, title' })).toBeInTheDocument();
  });

  it('shows the error with 重试, which calls again', async () => {
    mode = 'error';
    show(Page);
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    const before = calls.filter(([u]) => u.includes(path)).length;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(calls.filter(([u]) => u.includes(path)).length).toBeGreaterThan(before));
  });

  it('pages 10 / 20 / 30 / 50 a page', async () => {
    mode = 'many';
    const { container } = show(Page);
    const sizer = await screen.findByRole('combobox', { name: '每页条数' });
    press(sizer);
    const list = await waitFor(() => {
      const el = document.querySelector('.ant-select-dropdown') as HTMLElement | null;
      expect(el).not.toBeNull();
      return el as HTMLElement;
    });
    const sizes = () =>
      [...list.querySelectorAll('.ant-select-item-option')].map((o) => Number.parseInt(o.textContent ?? '', 10));
    await waitFor(() => expect(sizes()).toEqual([10, 20, 30, 50]));
    expect(container.querySelector('.ant-pagination')).not.toBeNull();
    if (path.includes('findAllByPage')) {
      expect(lastCall(path)).toMatchObject({ pageNum: 1, pageSize: 10 });
      const twenty = [...list.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent?.startsWith('20'));
      fireEvent.click(twenty!);
      await waitFor(() => expect(lastCall(path)).toMatchObject({ pageNum: 1, pageSize: 20 }));
    }
  });
});
