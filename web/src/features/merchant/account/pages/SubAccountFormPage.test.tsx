import type { MyAccount } from '@jz/contracts/account';
import type { SubAccountDetail } from '@jz/contracts/subaccount';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../../test/render.tsx';

/** The caller's own shop limit (我的账号): null = every shop. */
let myShops: MyAccount['shops'] = null;
let detail: Partial<SubAccountDetail> | null = null;
const posts: { url: string; body: Record<string, unknown> }[] = [];

vi.mock('../../../../lib/api-client.ts', () => ({
  api: {
    get: vi.fn(async (url: string) => {
      if (url.endsWith('/subaccount/role/list'))
        return [{ id: 7, name: '前台', remark: null, status: 0, menuIds: [1], userCount: 0, createdAt: '' }];
      if (url.endsWith('/subaccount/shops'))
        return [
          { id: 1, name: '总店', parentId: null },
          { id: 2, name: '分店', parentId: 1 },
        ];
      if (url.endsWith('/merchant/account/mine')) return { id: 5, shops: myShops };
      if (url.endsWith('/subaccount/detail')) return detail;
      throw new Error(`unexpected ${url}`);
    }),
    post: vi.fn(async (url: string, body: Record<string, unknown>) => {
      posts.push({ url, body });
      return { id: 99 };
    }),
  },
}));
const { default: SubAccountFormPage } = await import('./SubAccountFormPage.tsx');

function renderForm(path = '/xinzengzhanghao') {
  return renderWithProviders(
    <Routes>
      <Route path="/xinzengzhanghao" element={<SubAccountFormPage />} />
      <Route path="/zizhanghaoyuquanxian" element={<div>子账号列表</div>} />
    </Routes>,
    { route: path },
  );
}

async function fillNewAccount() {
  fireEvent.change(await screen.findByLabelText('姓名', undefined, { timeout: 5000 }), { target: { value: '小王' } });
  fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13912345678' } });
  fireEvent.mouseDown(screen.getByRole('combobox', { name: '角色' }));
  fireEvent.click(await screen.findByTitle('前台'));
}

const radio = (name: string) => screen.getByRole('radio', { name });

beforeEach(() => {
  sessionStorage.setItem('perms', JSON.stringify(['merchant:subaccount:add', 'merchant:subaccount:edit']));
  posts.length = 0;
  myShops = null;
  detail = null;
});

// A whole antd form per test: generous on a loaded two-core machine.
describe('新增账号: 可管理店铺', { timeout: 45_000 }, () => {
  it('a holder of every shop grants 全部店铺 as the explicit value all', async () => {
    renderForm();
    await fillNewAccount();
    expect(radio('全部店铺')).toBeChecked();
    expect(radio('全部店铺')).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(posts).toHaveLength(1), { timeout: 5000 });
    expect(posts[0].url).toMatch(/\/subaccount\/add$/);
    expect(posts[0].body).toMatchObject({ nickName: '小王', phone: '13912345678', roleId: 7, shopIds: 'all' });
    expect(await screen.findByText('子账号列表')).toBeInTheDocument();
  });

  it('指定店铺 sends the chosen shops, and none chosen is refused in the form', async () => {
    renderForm();
    await fillNewAccount();
    fireEvent.click(radio('指定店铺'));
    await screen.findByRole('checkbox', { name: '分店' });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请至少选择一个店铺')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox', { name: '分店' }));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(posts).toHaveLength(1), { timeout: 5000 });
    expect(posts[0].body.shopIds).toEqual([2]);
  });

  it('a caller limited to some shops cannot pick 全部店铺: it starts on 指定店铺 and says why', async () => {
    myShops = [{ id: 1, name: '总店' }];
    renderForm();
    await fillNewAccount();
    expect(radio('全部店铺')).toBeDisabled();
    expect(radio('指定店铺')).toBeChecked();
    expect(screen.getByText('您只能管理部分店铺，因此只能分配其中的店铺')).toBeInTheDocument();
  });
});

describe('编辑账号', { timeout: 45_000 }, () => {
  it('shows an all-shops account as 全部店铺 and saves it as all', async () => {
    detail = { id: 12, nickName: '老李', phone: '13900000012', roleId: 7, shops: null };
    renderForm('/xinzengzhanghao?id=12');
    expect(await screen.findByDisplayValue('老李', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(radio('全部店铺')).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(posts).toHaveLength(1), { timeout: 5000 });
    expect(posts[0].url).toMatch(/\/subaccount\/edit$/);
    expect(posts[0].body).toMatchObject({ id: 12, roleId: 7, shopIds: 'all' });
  });

  it('shows a limited account with its shops checked', async () => {
    detail = { id: 13, nickName: '小张', phone: '13900000013', roleId: 7, shops: [{ id: 1, name: '总店' }] };
    renderForm('/xinzengzhanghao?id=13');
    expect(await screen.findByDisplayValue('小张', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(radio('指定店铺')).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '总店' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '分店' })).not.toBeChecked();
  });
});
