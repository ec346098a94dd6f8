import { render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The lazy chunks stand in: the login page and the console say where they are.
function Where({ who }: { who: string }) {
  const { pathname } = useLocation();
  return <p>{`${who} ${pathname}`}</p>;
}
vi.mock('../features/auth/pages/LoginPage.tsx', () => ({ LoginPage: () => <Where who="登录页" /> }));
vi.mock('./layouts/ConsoleLayout.tsx', () => ({ ConsoleRoot: () => <Where who="控制台" /> }));
const { AppRoutes, Console, LoginPage, preloadFor } = await import('./router.tsx');
const { pageByPath } = await import('./registry.ts');
const { pagePath } = await import('../lib/page-registry.ts');

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );

beforeEach(() => localStorage.clear());

describe('top-level routes (declarative router, spec §2 guard)', () => {
  it('without a token every address ends on the login page', async () => {
    at('/');
    expect(await screen.findByText('登录页 /login')).toBeInTheDocument();
  });

  it('without a token a console address goes to /login', async () => {
    at('/shangpinguanli');
    expect(await screen.findByText('登录页 /login')).toBeInTheDocument();
  });

  it('with a token /login goes to /index, /home too; console addresses render the console', async () => {
    localStorage.setItem('token', 't');
    const { unmount } = at('/login');
    expect(await screen.findByText('控制台 /index')).toBeInTheDocument();
    unmount();
    at('/home');
    expect(await screen.findByText('控制台 /index')).toBeInTheDocument();
  });

  it('preloadFor starts the login chunk without a token, the console and the address page with one', () => {
    const login = vi.spyOn(LoginPage, 'preload').mockResolvedValue(undefined as never);
    const frame = vi.spyOn(Console, 'preload').mockResolvedValue(undefined as never);
    const goods = pageByPath.get('/shangpinguanli')?.component as unknown as { preload: () => Promise<unknown> };
    const home = pageByPath.get(pagePath('home.index'))?.component as unknown as { preload: () => Promise<unknown> };
    const goodsPage = vi.spyOn(goods, 'preload').mockResolvedValue(undefined);
    const homePage = vi.spyOn(home, 'preload').mockResolvedValue(undefined);

    preloadFor('#/login');
    expect(login).toHaveBeenCalledTimes(1);
    expect(frame).not.toHaveBeenCalled();

    localStorage.setItem('token', 't');
    preloadFor('#/shangpinguanli?x=1');
    expect(frame).toHaveBeenCalledTimes(1);
    expect(goodsPage).toHaveBeenCalledTimes(1);
    expect(homePage).not.toHaveBeenCalled();
    expect(login).toHaveBeenCalledTimes(1);

    // /login with a token ends on /index: its page starts loading.
    preloadFor('#/login');
    expect(homePage).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();
  });
});
