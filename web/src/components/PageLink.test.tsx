import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { pageByKey } from '../lib/page-registry.ts';
import { canOpenPage, PageLink } from './PageLink.tsx';

const renderLink = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);
const grant = (...perms: string[]) => sessionStorage.setItem('perms', JSON.stringify(perms));

describe('PageLink (links hidden where the user lacks the permission)', () => {
  beforeEach(() => sessionStorage.clear());

  it('links to the page, with its query, for a user holding the page’s code', () => {
    grant('merchant:finance:withdrawList');
    renderLink(
      <PageLink page="merchant.finance.withdraw" query={{ withdrawNo: 'TX1', none: undefined }}>
        提现 TX1
      </PageLink>,
    );
    expect(screen.getByRole('link', { name: '提现 TX1' })).toHaveAttribute('href', '/caiwutixian?withdrawNo=TX1');
  });

  it('renders the same words without a link for a user without the code', () => {
    grant('merchant:finance:ledger');
    const { container } = renderLink(<PageLink page="merchant.finance.withdraw">提现 TX1</PageLink>);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container).toHaveTextContent('提现 TX1');
  });

  it('shows the fallback instead when one is given (null hides the link altogether)', () => {
    const { container } = renderLink(
      <>
        <PageLink page="merchant.jinjian" fallback="请联系主账号完成进件">
          前往用户进件
        </PageLink>
        <PageLink page="merchant.finance.binding" fallback={null}>
          绑定记录
        </PageLink>
      </>,
    );
    expect(container).toHaveTextContent('请联系主账号完成进件');
    expect(container).not.toHaveTextContent('绑定记录');
  });

  it('the platform super admin (super) opens every page; a page without a code is open to everyone', () => {
    grant('super');
    renderLink(<PageLink page="sys.dict">字典管理</PageLink>);
    expect(screen.getByRole('link', { name: '字典管理' })).toHaveAttribute('href', '/sys/dict');
    sessionStorage.clear();
    expect(canOpenPage('account.mine')).toBe(true);
    expect(canOpenPage('sys.dict')).toBe(false);
  });

  it('takes a registry definition too (breadcrumbs walk the registry)', () => {
    grant('merchant:goods:list');
    const def = pageByKey.get('merchant.goods.list')!;
    renderLink(
      <PageLink page={def} query={{ q: 'a' }}>
        {def.title}
      </PageLink>,
    );
    expect(screen.getByRole('link', { name: '商品管理' })).toHaveAttribute('href', '/shangpinguanli?q=a');
    expect(canOpenPage({ ...def, perm: 'merchant:goods:other' })).toBe(false);
  });
});
