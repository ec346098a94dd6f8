import type { MenuOption } from '@jz/contracts/menu-admin';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { checkedLeaves, toSave } from '../../../../lib/menu-checks.ts';
import { RoleForm } from './RoleForm.tsx';
import { renderWithProviders } from '../../../../../test/render.tsx';

// 系统管理 (1) > 用户管理 (2) > [新增用户 (3), 删除用户 (4)]; 首页 (5).
const TREE: MenuOption[] = [
  {
    id: 1,
    parentId: null,
    name: '系统管理',
    type: 'CAIDAN',
    scope: 'platform',
    perms: null,
    children: [
      {
        id: 2,
        parentId: 1,
        name: '用户管理',
        type: 'ZICAIDAN',
        scope: 'platform',
        perms: 'sys:user:list',
        children: [
          { id: 3, parentId: 2, name: '新增用户', type: 'ANNIU', scope: 'platform', perms: 'sys:user:add' },
          { id: 4, parentId: 2, name: '删除用户', type: 'ANNIU', scope: 'platform', perms: 'sys:user:del' },
        ],
      },
    ],
  },
  { id: 5, parentId: null, name: '首页', type: 'ZICAIDAN', scope: 'platform', perms: null },
];

vi.mock('../../../../lib/api-client.ts', () => ({
  api: { get: vi.fn(async () => TREE), post: vi.fn(), del: vi.fn() },
}));

function renderForm(initial: Parameters<typeof RoleForm>[0]['initial'], onSubmit = vi.fn().mockResolvedValue(null)) {
  renderWithProviders(<RoleForm open initial={initial} onSubmit={onSubmit} onClose={() => {}} />);
  return onSubmit;
}

const checkbox = (name: string) => {
  const title = within(screen.getByTestId('role-menu-tree')).getByText(
    (_c, el) => el?.classList.contains('ant-tree-title') === true && (el.textContent ?? '').startsWith(name),
  );
  return title.closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox') as HTMLElement;
};

describe('menu checks', () => {
  it('shows only saved leaves as checked and saves checked + half-checked ids', () => {
    expect(checkedLeaves([1, 2, 3, 5], TREE)).toEqual([3, 5]);
    expect(toSave([3, 5], [2, 1])).toEqual([1, 2, 3, 5]);
  });
});

describe('RoleForm', () => {
  it('checking one button saves it with its half-checked page and folder', async () => {
    const onSubmit = renderForm({});
    fireEvent.change(screen.getByLabelText('角色名称'), { target: { value: '客服' } });
    fireEvent.change(screen.getByLabelText('角色编码'), { target: { value: 'kefu' } });
    fireEvent.click(await screen.findByRole('button', { name: '全部展开' }));
    await waitFor(() => checkbox('新增用户'));
    fireEvent.click(checkbox('新增用户'));
    await waitFor(() => expect(checkbox('用户管理').className).toContain('indeterminate'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      name: '客服',
      code: 'kefu',
      scope: 'platform',
      menuIds: [1, 2, 3],
    });
  });

  it('editing keeps a saved partial grant as it was when nothing is touched', async () => {
    const onSubmit = renderForm({
      id: 9,
      name: '客服',
      code: 'kefu',
      scope: 'platform',
      menuIds: [1, 2, 3, 5],
      status: 0,
      sort: 0,
    });
    fireEvent.click(await screen.findByRole('button', { name: '全部展开' }));
    await waitFor(() => expect(checkbox('新增用户').className).toContain('checked'));
    expect(checkbox('删除用户').className).not.toContain('checked');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0].menuIds).toEqual([1, 2, 3, 5]);
  });
});
