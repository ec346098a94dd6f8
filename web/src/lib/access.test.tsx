import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Auth, hasPerm } from './access.tsx';

describe('button-level permission (spec §6)', () => {
  it('keeps the element when session storage holds the code, removes it otherwise', () => {
    sessionStorage.setItem('perms', JSON.stringify(['merchant:goods:add']));
    render(
      <>
        <Auth perm="merchant:goods:add">
          <button type="button">新增</button>
        </Auth>
        <Auth perm="merchant:goods:del">
          <button type="button">删除</button>
        </Auth>
      </>,
    );
    expect(screen.getByText('新增')).toBeInTheDocument();
    expect(screen.queryByText('删除')).toBeNull();
  });

  it('super passes every code; no stored list passes none', () => {
    expect(hasPerm('anything')).toBe(false);
    sessionStorage.setItem('perms', JSON.stringify(['super']));
    expect(hasPerm('anything')).toBe(true);
  });
});
