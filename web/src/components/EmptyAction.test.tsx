import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EmptyAction } from './EmptyAction.tsx';

describe('EmptyAction (the next step of an empty list)', () => {
  it('offers the step to holders of the permission only', () => {
    sessionStorage.setItem('perms', JSON.stringify(['platform:qa:add']));
    const onClick = vi.fn();
    render(
      <>
        <EmptyAction perm="platform:qa:add" onClick={onClick}>
          添加第一个问题
        </EmptyAction>
        <EmptyAction perm="platform:notice:add" onClick={onClick}>
          发布第一条公告
        </EmptyAction>
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: '添加第一个问题' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('发布第一条公告')).toBeNull();
  });
});
