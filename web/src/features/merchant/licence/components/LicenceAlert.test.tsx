import type { LicenceExpiring } from '@jz/contracts/licence';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';

let answer: LicenceExpiring | Error = { expiring: 0, expired: 0, items: [] };
vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: vi.fn(async (url: string) => {
      if (!url.endsWith('/merchant/licence/expiring')) throw new Error(`unexpected ${url}`);
      if (answer instanceof Error) throw answer;
      return answer;
    }),
  },
}));
const { LicenceAlert } = await import('./LicenceAlert.tsx');

function Where() {
  const l = useLocation();
  return <div>证照页 {l.search}</div>;
}

function renderAlert() {
  return renderWithProviders(
    <Routes>
      <Route
        path="/index"
        element={
          <div>
            <LicenceAlert />
            <span>首页内容</span>
          </div>
        }
      />
      <Route path="/wodezhengzhao" element={<Where />} />
    </Routes>,
    { route: '/index' },
  );
}

beforeEach(() => sessionStorage.setItem('perms', JSON.stringify(['merchant:account:licence'])));

describe('LicenceAlert (landing page)', () => {
  it('warns about licences expiring within 30 days and leads to 我的证照', async () => {
    answer = {
      expiring: 1,
      expired: 0,
      items: [{ id: 2, kind: 'jkz', name: '李阿姨', number: 'JKZ001', validTo: '2026-12-04', daysLeft: 12 }],
    };
    renderAlert();
    expect(
      await screen.findByText('证照提醒：1 个证照将在 30 天内到期，请及时更新', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('李阿姨 JKZ001（剩 12 天）')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveClass('ant-alert-warning');
    fireEvent.click(screen.getByRole('button', { name: /去处理/ }));
    expect(await screen.findByText('证照页 ?expiry=expiring', undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('is an error when one has expired', async () => {
    answer = {
      expiring: 0,
      expired: 1,
      items: [{ id: 5, kind: 'spjy', name: null, number: 'JY114', validTo: '2026-11-17', daysLeft: -5 }],
    };
    renderAlert();
    expect(await screen.findByText(/1 个证照已过期/, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveClass('ant-alert-error');
    expect(screen.getByText('JY114（已过期）')).toBeInTheDocument();
  });

  it('without 我的证照 it asks nothing and renders nothing (the server refuses the call)', async () => {
    sessionStorage.setItem('perms', JSON.stringify(['merchant:order:list']));
    const { api } = await import('../../../../lib/api-client.ts');
    vi.mocked(api.get).mockClear();
    answer = { expiring: 0, expired: 1, items: [] };
    renderAlert();
    await screen.findByText('首页内容');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.get).not.toHaveBeenCalled();
  });

  it('renders nothing when every licence is fine or the call is refused', async () => {
    answer = { expiring: 0, expired: 0, items: [] };
    const { unmount } = renderAlert();
    await screen.findByText('首页内容');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();
    answer = new Error('301');
    renderAlert();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
