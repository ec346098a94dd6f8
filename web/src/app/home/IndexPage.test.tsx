import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, testQueryClient } from '../../../test/render.tsx';
import { initPcQuery, menuQuery, profileQuery } from '../../lib/queries.ts';

const calls: string[] = [];
let progress: unknown;
vi.mock('../../lib/api-client.ts', () => ({
  api: {
    get: vi.fn(async (url: string) => {
      calls.push(url);
      if (url.endsWith('/merchant/setup/progress')) return progress;
      if (url.endsWith('/tongji/jinri'))
        return { date: '2026-11-22', newOrders: 1, waiting: 0, toServe: 0, revenue: null, reviewsToAnswer: 0 };
      if (url.endsWith('/xieyi/findDaiqianList')) return [];
      if (url.includes('/tongzhi/published/')) return { records: [], total: 0 };
      if (url.includes('/dict/')) return { dataList: [] };
      throw new Error(`unexpected ${url}`);
    }),
  },
  download: vi.fn(),
}));
const { default: IndexPage } = await import('./IndexPage.tsx');

const fresh = {
  shop: null,
  steps: ['shop', 'area', 'goods', 'employee', 'jinjian', 'agreement'].map((key) => ({
    key,
    done: false,
    detail: null,
  })),
  done: 0,
  total: 6,
  complete: false,
};

function show(userType: 'merchant' | 'platform', perms: string[]) {
  const qc = testQueryClient();
  qc.setQueryData(profileQuery.queryKey, {
    id: 5,
    nickName: '钱新',
    headUrl: null,
    loginName: 'x',
    phone: '13700002401',
    roleNameList: [],
    roleNames: '商家主账号',
    userType,
    merchantId: userType === 'merchant' ? 3 : null,
    isOwner: true,
  });
  qc.setQueryData(initPcQuery.queryKey, { allDianpu: [], curDianpu: null, shangjiaInfoFuwuCount: 0 } as never);
  qc.setQueryData(menuQuery.queryKey, []);
  return renderWithProviders(<IndexPage />, { queryClient: qc, perms });
}

beforeEach(() => {
  calls.length = 0;
  progress = fresh;
  localStorage.clear();
});

describe('IndexPage', () => {
  it('a new merchant owner: the checklist, the figures without an amount, the quick links', async () => {
    show('merchant', ['merchant:shop:list', 'merchant:shop:info', 'merchant:order:list']);
    expect(await screen.findByTestId('setup-checklist')).toHaveTextContent('已完成 0/6');
    expect(screen.getByTestId('today-figures')).toBeInTheDocument();
    expect(screen.queryByText('今日成交额')).toBeNull();
    expect(screen.getByTestId('quick-links')).toBeInTheDocument();
    expect(screen.getByText('欢迎入驻！您还没有店铺')).toBeInTheDocument();
  });

  it('a complete merchant: no checklist', async () => {
    progress = { ...fresh, steps: fresh.steps.map((s) => ({ ...s, done: true })), done: 6, complete: true };
    show('merchant', ['merchant:shop:info']);
    expect(await screen.findByTestId('quick-links')).toBeInTheDocument();
    expect(calls.some((u) => u.endsWith('/merchant/setup/progress'))).toBe(true);
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
  });

  it('a sub-account with none of the steps’ pages and no orders: neither asks for the checklist nor the figures', async () => {
    show('merchant', ['merchant:message:list']);
    expect(await screen.findByTestId('quick-links')).toBeInTheDocument();
    expect(calls.filter((u) => /setup\/progress|tongji\/jinri/.test(u))).toEqual([]);
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
    expect(screen.queryByTestId('today-figures')).toBeNull();
  });

  it('a platform user: greeting and quick links only', async () => {
    show('platform', ['super']);
    expect(await screen.findByTestId('quick-links')).toBeInTheDocument();
    expect(calls.filter((u) => !u.includes('/dict/'))).toEqual([]);
    expect(screen.queryByText('当前店铺')).toBeNull();
  });
});
