import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: { url: string; body: unknown }[] = [];
let fail = false;
vi.mock('../../../lib/api-client.ts', () => ({
  api: {
    post: vi.fn(async (url: string, body: unknown) => {
      calls.push({ url, body });
      if (fail) throw new Error('账号或密码错误');
      return { token: 'tok-123', userInfo: { id: 9, nickName: '前台小王', userType: 'merchant' } };
    }),
  },
}));
const { LoginPage } = await import('./LoginPage.tsx');

function renderLogin() {
  const qc = new QueryClient();
  return render(
    <App>
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={['/login']}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/index" element={<div>首页</div>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </App>,
  );
}

beforeEach(() => {
  calls.length = 0;
  fail = false;
  localStorage.clear();
});

describe('LoginPage 密码登录', () => {
  it('signs in with a login name and password and stores the session', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('tab', { name: '密码登录' }));
    fireEvent.change(await screen.findByLabelText('账号名或手机号'), { target: { value: ' wangjie ' } });
    fireEvent.change(screen.getByLabelText('密码'), { target: { value: 'Abcd1234' } });
    fireEvent.submit(screen.getByLabelText('密码').closest('form') as HTMLFormElement);
    expect(await screen.findByText('首页', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(calls).toEqual([
      { url: '/api/app/jiazheng/login/password/login', body: { account: 'wangjie', password: 'Abcd1234' } },
    ]);
    expect(localStorage.getItem('token')).toBe('tok-123');
  });

  it('asks for both fields before calling, and stays on the screen after a refusal', async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('tab', { name: '密码登录' }));
    const pw = await screen.findByLabelText('密码');
    fireEvent.submit(pw.closest('form') as HTMLFormElement);
    expect(await screen.findByText('请输入账号名或手机号', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    fail = true;
    fireEvent.change(screen.getByLabelText('账号名或手机号'), { target: { value: '13800000001' } });
    fireEvent.change(pw, { target: { value: 'nope' } });
    fireEvent.submit(pw.closest('form') as HTMLFormElement);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByText('首页')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
