import type { PendingAgreement } from '@jz/contracts/agreement';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';

let pending: Partial<PendingAgreement>[] = [];
vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: vi.fn(async (url: string) => {
      if (url.endsWith('/findProfile'))
        return { id: 1, nickName: '王洁', userType: 'merchant', roleNames: '', roleNameList: [] };
      if (url.endsWith('/findDaiqianList')) return pending;
      throw new Error(`unexpected ${url}`);
    }),
  },
}));
const { PendingAgreementAlert } = await import('./PendingAgreementAlert.tsx');

function renderAlert() {
  return renderWithProviders(
    <Routes>
      <Route path="/index" element={<PendingAgreementAlert />} />
      <Route path="/xiyixixie" element={<div>协议签署页</div>} />
    </Routes>,
    { route: '/index' },
  );
}

beforeEach(() => sessionStorage.setItem('perms', JSON.stringify(['merchant:agreement:sign'])));

describe('PendingAgreementAlert (landing page)', () => {
  it('warns prominently about an unsigned must-sign agreement and leads to 协议签署', async () => {
    pending = [
      { id: 1, title: '商家入驻协议', mustSign: 1, version: 3 },
      { id: 3, title: '隐私政策', mustSign: 0, version: 1 },
    ];
    renderAlert();
    expect(await screen.findByText('您有 1 份必签协议待签署', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/《商家入驻协议》第 3 版尚未签署，签署前将无法申请提现。/)).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveClass('ant-alert-error');
    fireEvent.click(screen.getByRole('button', { name: /立即签署/ }));
    expect(await screen.findByText('协议签署页', undefined, { timeout: 5000 })).toBeInTheDocument();
  });

  it('only notes optional ones', async () => {
    pending = [{ id: 3, title: '隐私政策', mustSign: 0, version: 1 }];
    renderAlert();
    expect(
      await screen.findByText('有 1 份协议待阅读签署：《隐私政策》', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveClass('ant-alert-info');
  });

  it('tells a user without the signing permission to ask the owner, with no button', async () => {
    sessionStorage.setItem('perms', JSON.stringify([]));
    pending = [{ id: 1, title: '商家入驻协议', mustSign: 1, version: 3 }];
    renderAlert();
    expect(await screen.findByText(/请联系主账号签署。/, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /立即签署/ })).toBeNull();
  });

  it('renders nothing when everything is signed', async () => {
    pending = [];
    const { container } = renderAlert();
    // Nothing inside the providers' antd <App> element.
    await waitFor(() => expect(container.querySelector('.ant-app')).toBeEmptyDOMElement());
  });
});
