import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { Key } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setPerms } from '../../lib/storage.ts';
import { CrudRowActions } from './CrudRowActions.tsx';
import { CrudToolbar } from './CrudToolbar.tsx';
import { useCrudDelete } from './useCrudDelete.ts';

function Harness(props: { selected: Key[]; remove: (ids: number[]) => Promise<unknown>; clear: () => void }) {
  const del = useCrudDelete(props.remove, (n) => `确认要删除选中的 ${n} 条公告吗?`);
  return (
    <>
      <CrudToolbar
        selectedRowKeys={props.selected}
        clearSelection={props.clear}
        add={{ perm: 'x:notice:add', onClick: () => undefined }}
        del={{ perm: 'x:notice:del', onDelete: del }}
      />
      <CrudRowActions
        edit={{ perm: 'x:notice:edit', onClick: () => undefined }}
        del={{ perm: 'x:notice:del', onClick: () => del([7]) }}
      />
    </>
  );
}

const renderIt = (selected: Key[], remove = vi.fn().mockResolvedValue(null), clear = vi.fn()) => {
  render(
    <AntApp>
      <Harness selected={selected} remove={remove} clear={clear} />
    </AntApp>,
  );
  return { remove, clear };
};

describe('CRUD toolbar and row actions', () => {
  afterEach(() => sessionStorage.clear());

  it('shows only the buttons the user holds; 批量删除 waits for a selection', () => {
    setPerms(['x:notice:add', 'x:notice:del']);
    renderIt([]);
    expect(screen.getByRole('button', { name: /新\s*增/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /批量删除/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.getByRole('button', { name: /^删\s*除$/ })).toBeInTheDocument();
  });

  it('批量删除 of several rows names the count, then removes and clears the selection', async () => {
    setPerms(['super']);
    const { remove, clear } = renderIt([3, 4]);
    fireEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    expect(await screen.findByText('确认要删除选中的 2 条公告吗?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith([3, 4]));
    await waitFor(() => expect(clear).toHaveBeenCalled());
  });

  it('a row 删除 asks 确认要删除吗?; cancel removes nothing', async () => {
    setPerms(['super']);
    const { remove } = renderIt([]);
    fireEvent.click(screen.getByRole('button', { name: /^删\s*除$/ }));
    expect(await screen.findByText('确认要删除吗?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await new Promise((r) => setTimeout(r, 50));
    expect(remove).not.toHaveBeenCalled();
  });
});
