import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
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

const { onSessionReset } = await import('../../../lib/session-reset.ts');
let resets = 0;
onSessionReset(() => resets++);

function renderLogin() {
  return render(
    <App>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/index" element={<div>首页</div>} />
        </Routes>
      </MemoryRouter>
    </App>,
  );
}

beforeEach(() => {
  resets = 0;
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
    expect(resets).toBe(1); // the previous user's cached data is dropped
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

describe('LoginPage 短信登录', () => {
  it('checks the phone on blur and before sending, sends the code, counts down, then signs in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderLogin();
      const phone = screen.getByLabelText('手机号');
      fireEvent.change(phone, { target: { value: '123' } });
      expect(screen.queryByRole('alert')).toBeNull(); // the phone checks itself on blur, not while typing
      fireEvent.blur(phone);
      expect(screen.getByRole('alert')).toHaveTextContent('请输入正确的 11 位手机号');
      expect(phone).toHaveAttribute('aria-invalid', 'true');
      expect(phone).toHaveAttribute('aria-describedby', screen.getByRole('alert').id);
      fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
      expect(calls).toHaveLength(0);

      fireEvent.change(phone, { target: { value: '13800000001' } });
      fireEvent.blur(phone);
      expect(screen.queryByRole('alert')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
      await waitFor(() => expect(calls).toHaveLength(1));
      const resend = await screen.findByRole('button', { name: /60 秒后重发/ });
      expect(resend).toBeDisabled();
      expect(calls).toEqual([{ url: '/api/app/jiazheng/login/sms/sendCode', body: { phone: '13800000001' } }]);
      expect(screen.getByLabelText('验证码')).toHaveFocus();
      await act(() => vi.advanceTimersByTimeAsync(2000));
      expect(screen.getByRole('button', { name: /5[89] 秒后重发/ })).toBeDisabled();

      const code = screen.getByLabelText('验证码');
      fireEvent.change(code, { target: { value: '12' } }); // the code checks itself as it changes
      expect(screen.getByRole('alert')).toHaveTextContent('验证码为 6 位数字');
      fireEvent.change(code, { target: { value: '123456' } });
      expect(screen.queryByRole('alert')).toBeNull();
      fireEvent.submit(code.closest('form') as HTMLFormElement);
      expect(await screen.findByText('首页')).toBeInTheDocument();
      expect(calls[1]).toEqual({
        url: '/api/app/jiazheng/login/sms/login',
        body: { phone: '13800000001', code: '123456' },
      });
      expect(localStorage.getItem('token')).toBe('tok-123');
    } finally {
      vi.useRealTimers();
    }
  });

  it('says what is missing on submit without calling', async () => {
    renderLogin();
    fireEvent.submit(screen.getByLabelText('手机号').closest('form') as HTMLFormElement);
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['请输入手机号', '请输入验证码']);
    expect(calls).toHaveLength(0);
  });

  it('tabs: one tab stop, arrow keys switch, a visited panel keeps what was typed', () => {
    renderLogin();
    const [sms, password] = screen.getAllByRole('tab');
    expect(sms).toHaveAttribute('aria-selected', 'true');
    expect(sms).toHaveAttribute('tabindex', '0');
    expect(password).toHaveAttribute('tabindex', '-1');
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13800000001' } });
    sms.focus();
    fireEvent.keyDown(sms, { key: 'ArrowRight' });
    expect(password).toHaveAttribute('aria-selected', 'true');
    expect(password).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('密码登录');
    expect(screen.getByLabelText('账号名或手机号')).toBeVisible();
    fireEvent.keyDown(password, { key: 'Home' });
    expect(sms).toHaveFocus();
    expect(screen.getByLabelText('手机号')).toHaveValue('13800000001');
  });
});
