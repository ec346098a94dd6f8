import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';

const calls: string[] = [];
let unread = { total: 3, order: 2, finance: 1, system: 0 };
let userType: 'merchant' | 'platform' = 'merchant';

vi.mock('../../lib/api-client.ts', () => ({
  api: {
    get: vi.fn(async (url: string) => {
      calls.push(url);
      if (url.endsWith('/findProfile')) return { id: 1, nickName: '王洁', userType, roleNames: '', roleNameList: [] };
      if (url.endsWith('/findWeiduCount')) return unread;
      if (url.endsWith('/xiaoxi/findAllByPage'))
        return {
          total: 1,
          records: [
            {
              id: 9,
              type: 'order',
              title: '新订单待接单',
              content: '订单 JZ001 已付款',
              createdAt: '2026-11-22T02:00:00.000Z',
              readAt: null,
            },
          ],
        };
      throw new Error(`unexpected ${url}`);
    }),
  },
}));

const { MessageBell } = await import('./MessageBell.tsx');
const { MESSAGES_CHANGED } = await import('./unread.ts');

function renderBell() {
  return renderWithProviders(
    <Routes>
      <Route path="/index" element={<MessageBell />} />
      <Route path="/xiaoxiguanli" element={<div>消息管理页</div>} />
    </Routes>,
    { route: '/index' },
  );
}

beforeEach(() => {
  calls.length = 0;
  unread = { total: 3, order: 2, finance: 1, system: 0 };
  userType = 'merchant';
  sessionStorage.setItem('perms', JSON.stringify(['merchant:message:list']));
});

describe('MessageBell', () => {
  it('shows the unread count and follows the messages-changed event at once', async () => {
    renderBell();
    expect(await screen.findByRole('button', { name: '消息，3 条未读' }, { timeout: 5000 })).toBeInTheDocument();
    unread = { total: 5, order: 4, finance: 1, system: 0 };
    act(() => {
      window.dispatchEvent(new Event(MESSAGES_CHANGED));
    });
    expect(await screen.findByRole('button', { name: '消息，5 条未读' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it('opens the latest unread messages and leads to 消息管理', async () => {
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: '消息，3 条未读' }, { timeout: 5000 }));
    expect(await screen.findByText('新订单待接单', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('未读消息（3）')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /查看全部消息/ }));
    expect(await screen.findByText('消息管理页', undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('renders nothing for platform users and never asks for a count', async () => {
    userType = 'platform';
    const { container } = renderBell();
    await waitFor(() => expect(calls.some((c) => c.endsWith('/findProfile'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid=message-bell]')).toBeNull();
    expect(calls.some((c) => c.endsWith('/findWeiduCount'))).toBe(false);
  });
});
