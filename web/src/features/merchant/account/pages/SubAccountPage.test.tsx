import type { MerchantRole } from '@jz/contracts/subaccount';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';

const role = (id: number, name: string, remark: string | null = null): MerchantRole =>
  ({ id, name, remark, menuIds: [1, 2], userCount: 0, createdAt: '2026-11-01T02:00:00.000Z' }) as MerchantRole;
let roles: MerchantRole[] | Error = [];

vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: vi.fn(async (url: string) => {
      if (url.endsWith('/subaccount/role/list')) {
        if (roles instanceof Error) throw roles;
        return roles;
      }
      if (url.endsWith('/subaccount/findAllByPage')) return { records: [], total: 0 };
      throw new Error(`unexpected ${url}`);
    }),
  },
}));
const { default: SubAccountPage } = await import('./SubAccountPage.tsx');

function renderRoles() {
  return renderWithProviders(<SubAccountPage />, { route: '/zizhanghaoyuquanxian?tab=role' });
}

beforeEach(() => sessionStorage.setItem('perms', JSON.stringify(['merchant:subaccount:role'])));

describe('角色权限 list', () => {
  it('filters by name or remark as one types, and pages (10 a page by default)', async () => {
    roles = [
      ...Array.from({ length: 12 }, (_, i) => role(i + 1, `角色${i + 1}`)),
      role(13, '前台接待', '无财务'),
      role(14, '财务专员', '只看财务'),
    ];
    renderRoles();
    expect(await screen.findByText('角色1', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('共 14 条')).toBeInTheDocument();
    // 10 a page by default: the 13th role is on page 2.
    expect(screen.queryByText('前台接待')).toBeNull();
    const search = screen.getByRole('searchbox', { name: '搜索角色' });
    fireEvent.change(search, { target: { value: '财务' } });
    expect(await screen.findByText('前台接待', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('财务专员')).toBeInTheDocument();
    expect(screen.getByText('共 2 条')).toBeInTheDocument();
    fireEvent.change(search, { target: { value: '不存在' } });
    expect(
      await screen.findByText('没有名称或备注包含「不存在」的角色', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('shows the error with 重试 when the roles cannot be loaded', async () => {
    roles = new Error('网络异常');
    renderRoles();
    expect(await screen.findByText(/数据加载失败：网络异常/, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/重\s*试/)).toBeInTheDocument();
  });
});
