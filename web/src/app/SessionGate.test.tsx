import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client.ts';

const loadSession = vi.fn<() => Promise<unknown>>();
vi.mock('../lib/queries.ts', () => ({ loadSession: () => loadSession() }));
const { SessionGate } = await import('./SessionGate.tsx');

const at = () =>
  render(
    <MemoryRouter initialEntries={['/index']}>
      <Routes>
        <Route
          path="/index"
          element={
            <SessionGate>
              <p>首页内容</p>
            </SessionGate>
          }
        />
        <Route path="/login" element={<p>登录页</p>} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(() => {
  loadSession.mockReset();
  localStorage.setItem('token', 't');
});

describe('SessionGate (shop data before the first page, spec §2)', () => {
  it('shows 拼命加载中 (after its no-flash delay) until the session is loaded, then the page', async () => {
    let done = () => {};
    loadSession.mockReturnValue(new Promise<void>((r) => (done = r)));
    at();
    expect(screen.queryByText('首页内容')).toBeNull();
    expect(await screen.findByText('拼命加载中')).toBeInTheDocument();
    done();
    expect(await screen.findByText('首页内容')).toBeInTheDocument();
  });

  it('a 401 goes to /login', async () => {
    loadSession.mockRejectedValue(new ApiError(401, '请先登录'));
    at();
    expect(await screen.findByText('登录页')).toBeInTheDocument();
  });

  it('another failure says so and 重试 loads again', async () => {
    loadSession.mockRejectedValueOnce(new ApiError(-1, '网络错误,请稍后再试')).mockResolvedValue([]);
    at();
    expect(await screen.findByText('网络错误,请稍后再试')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('首页内容')).toBeInTheDocument();
    expect(loadSession).toHaveBeenCalledTimes(2);
  });
});
