import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, testQueryClient } from '../../../test/render.tsx';
import { press } from '../../../test/press.ts';
import { CopyText } from '../CopyText.tsx';
import { DataTable } from './DataTable.tsx';

interface Row {
  id: number;
  name: string;
}
const rows = (pageNum: number, pageSize: number, total: number): Row[] =>
  Array.from({ length: Math.max(0, Math.min(pageSize, total - (pageNum - 1) * pageSize)) }, (_, i) => ({
    id: (pageNum - 1) * pageSize + i + 1,
    name: `字典${(pageNum - 1) * pageSize + i + 1}`,
  }));

function renderTable(total = 23) {
  const fetcher = vi.fn(async (p: { pageNum: number; pageSize: number }) => ({
    records: rows(p.pageNum, p.pageSize, total),
    total,
  }));
  const view = renderWithProviders(
    <DataTable<Row>
      queryKey={['dt-test']}
      fetcher={fetcher}
      columns={[
        { title: '名称', dataIndex: 'name' },
        { title: '编号', dataIndex: 'id', render: (v: number) => <CopyText text={v} /> },
      ]}
    />,
  );
  return { fetcher, ...view };
}

describe('DataTable (spec §9 pager, 45 px rows, copy cells)', () => {
  it('pages on the server with pageNum/pageSize, shows the total, 10/20/30/50 sizes and a jumper', async () => {
    const { fetcher, container } = renderTable();
    expect(await screen.findByText('字典1')).toBeInTheDocument();
    expect(fetcher).toHaveBeenLastCalledWith(expect.objectContaining({ pageNum: 1, pageSize: 10 }));
    expect(screen.getByText('共 23 条')).toBeInTheDocument();
    // prev, pager (3 pages), next, jumper
    expect(container.querySelector('.ant-pagination-prev')).not.toBeNull();
    expect(container.querySelector('.ant-pagination-next')).not.toBeNull();
    expect(container.querySelectorAll('.ant-pagination-item')).toHaveLength(3);
    expect(container.querySelector('.ant-pagination-options-quick-jumper input')).not.toBeNull();

    // Page 3 through the pager.
    fireEvent.click(within(container.querySelector('.ant-pagination') as HTMLElement).getByText('3'));
    expect(await screen.findByText('字典21')).toBeInTheDocument();
    expect(fetcher).toHaveBeenLastCalledWith(expect.objectContaining({ pageNum: 3, pageSize: 10 }));

    // The size changer offers exactly 10/20/30/50; a new size starts again on page 1.
    press(screen.getByRole('combobox', { name: '每页条数' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent?.replace(/\D/g, ''))).toEqual(['10', '20', '30', '50']);
    fireEvent.click(screen.getByText('20 条/页'));
    await waitFor(() =>
      expect(fetcher).toHaveBeenLastCalledWith(expect.objectContaining({ pageNum: 1, pageSize: 20 })),
    );
    expect(await screen.findByText('字典20')).toBeInTheDocument();
  });

  it('rows are 45 px high (the jz-table rule) and copy cells offer a copy button', async () => {
    const { container } = renderTable(2);
    expect(await screen.findByText('字典1')).toBeInTheDocument();
    expect(container.querySelector('.ant-table')?.closest('.jz-table')).not.toBeNull();
    const styles = readFileSync(path.resolve(__dirname, '../../styles.css'), 'utf8');
    expect(styles.replace(/\s+/g, ' ')).toMatch(/\.jz-table \.ant-table-tbody > tr > td \{ height: 45px;/);
    expect(screen.getAllByRole('button', { name: /复制/ })).toHaveLength(2);
  });
});

describe('CopyText (spec §9)', () => {
  it('copies the text to the clipboard and shows the copied mark; an empty value is a dash', async () => {
    // antd copies through the Clipboard API or, failing that, a selected node and execCommand('copy'): whichever it
    // uses, what reached the clipboard is recorded.
    const copied: string[] = [];
    const writeText = vi.fn(async (text: string) => {
      copied.push(text);
    });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const exec = vi.fn(() => {
      copied.push(document.getSelection()?.toString() ?? '');
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true });
    const { container } = render(
      <>
        <CopyText text="13800000001" />
        <CopyText text={null} />
      </>,
    );
    expect(screen.getByText('-')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /复制/ }));
    await waitFor(() => expect(copied).toHaveLength(1));
    expect(copied).toEqual(['13800000001']);
    await waitFor(() => expect(container.querySelector('[data-icon="check"]')).not.toBeNull());
  });
});

describe('DataTable onData', () => {
  it('hands over every page shown, also the cached one shown again after a remount (no fetch)', async () => {
    const queryClient = testQueryClient({ staleTime: 60_000 });
    const fetcher = vi.fn(async () => ({ records: rows(1, 10, 3), total: 3, counts: { all: 3 } }));
    const table = (onData: (d: unknown) => void) => (
      <DataTable<Row>
        queryKey={['dt-ondata']}
        fetcher={fetcher}
        onData={onData}
        columns={[{ title: '名称', dataIndex: 'name' }]}
      />
    );
    const first = vi.fn();
    const view = renderWithProviders(table(first), { queryClient });
    await waitFor(() => expect(first).toHaveBeenCalledWith(expect.objectContaining({ counts: { all: 3 } })));
    view.unmount();
    // Back on the page: the cached page is shown without calling the server, and onData still gets it.
    const second = vi.fn();
    renderWithProviders(table(second), { queryClient });
    await waitFor(() => expect(second).toHaveBeenCalledWith(expect.objectContaining({ counts: { all: 3 } })));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});

describe('DataTable 列设置', () => {
  interface Wide {
    id: number;
    name: string;
    phone: string;
    shop: string;
    state: string;
  }
  const table = (columnSettings?: Parameters<typeof DataTable>[0]['columnSettings']) =>
    renderWithProviders(
      <DataTable<Wide>
        title="员工"
        queryKey={['dt-columns']}
        fetcher={async () => ({
          records: [{ id: 1, name: '张秀兰', phone: '139****0001', shop: '总店', state: '空闲' }],
          total: 1,
        })}
        columnSettings={columnSettings}
        columns={[
          { title: '姓名', dataIndex: 'name' },
          { title: '手机号', dataIndex: 'phone' },
          { title: '店铺', key: 'shop', dataIndex: 'shop' },
          { title: '状态', dataIndex: 'state' },
          { title: '操作', key: 'op', render: () => '详情' },
        ]}
      />,
    );
  const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
  const openSettings = async () => {
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    return screen.findByTestId('column-settings');
  };

  it('a table without it offers no 列设置', async () => {
    table();
    expect(await screen.findByText('张秀兰')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '列设置' })).toBeNull();
  });

  it('locks the identifying and state columns, hides and shows the others, and remembers the choice per user', async () => {
    localStorage.setItem('userInfo', JSON.stringify({ id: 42 }));
    const settings = { id: 'test.wide', locked: ['name', 'state'], hidden: ['shop'] };
    const first = table(settings);
    expect(await screen.findByText('张秀兰')).toBeInTheDocument();
    // 店铺 is hidden by default
    expect(headers()).toEqual(['姓名', '手机号', '状态', '操作']);
    const panel = await openSettings();
    expect(within(panel).getByRole('checkbox', { name: '姓名' })).toBeDisabled();
    expect(within(panel).getByRole('checkbox', { name: '状态' })).toBeDisabled();
    expect(within(panel).queryByRole('checkbox', { name: '操作' })).toBeNull();
    fireEvent.click(within(panel).getByRole('checkbox', { name: '手机号' }));
    fireEvent.click(within(panel).getByRole('checkbox', { name: '店铺' }));
    await waitFor(() => expect(headers()).toEqual(['姓名', '店铺', '状态', '操作']));
    expect(JSON.parse(localStorage.getItem('jz.columns.42.test.wide') ?? '{}')).toEqual({ phone: false, shop: true });
    first.unmount();

    // Back on the page: the same columns
    table(settings);
    expect(await screen.findByText('张秀兰')).toBeInTheDocument();
    expect(headers()).toEqual(['姓名', '店铺', '状态', '操作']);
    // 恢复默认 forgets the choice
    fireEvent.click(within(await openSettings()).getByText('恢复默认'));
    await waitFor(() => expect(headers()).toEqual(['姓名', '手机号', '状态', '操作']));
    expect(localStorage.getItem('jz.columns.42.test.wide')).toBeNull();
  });

  it('another user on the same browser has its own choice', async () => {
    localStorage.setItem('jz.columns.42.test.wide', JSON.stringify({ phone: false }));
    localStorage.setItem('userInfo', JSON.stringify({ id: 43 }));
    table({ id: 'test.wide', locked: ['name', 'state'] });
    expect(await screen.findByText('张秀兰')).toBeInTheDocument();
    expect(headers()).toEqual(['姓名', '手机号', '店铺', '状态', '操作']);
  });
});

describe('DataTable toolbar filters', () => {
  it('are those of the rows shown, also when a search comes back from the cache without calling the fetcher', async () => {
    const queryClient = testQueryClient({ staleTime: 60_000 });
    const fetcher = vi.fn(async (p: Record<string, unknown>) => ({
      records: [{ id: p.name === '张' ? 1 : 2, name: `${String(p.name ?? '全部')}的行` }],
      total: 1,
    }));
    renderWithProviders(
      <DataTable<Row>
        queryKey={['dt-filters']}
        fetcher={fetcher}
        params={{ kind: 'times' }}
        search={[{ name: 'name', label: '名称' }]}
        columns={[{ title: '名称', dataIndex: 'name' }]}
        toolbar={({ filters }) => <span data-testid="filters">{JSON.stringify(filters)}</span>}
      />,
      { queryClient },
    );
    const search = async (name: string) => {
      fireEvent.change(screen.getByLabelText('名称'), { target: { value: name } });
      fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
      expect(await screen.findByText(`${name}的行`)).toBeInTheDocument();
    };
    const shown = () => JSON.parse(screen.getByTestId('filters').textContent ?? 'null');
    await screen.findByText('全部的行');
    expect(shown()).toEqual({ kind: 'times' });
    await search('张');
    expect(shown()).toEqual({ kind: 'times', name: '张' });
    await search('李');
    expect(shown()).toEqual({ kind: 'times', name: '李' });
    expect(fetcher).toHaveBeenCalledTimes(3);
    // 张 again: its page is still fresh in the cache, so the fetcher is not called; the filters follow the rows.
    await search('张');
    expect(fetcher).toHaveBeenCalledTimes(3);
    expect(shown()).toEqual({ kind: 'times', name: '张' });
  });

  it('while a new search loads, the previous rows stay and so do their filters', async () => {
    let release = () => {};
    const fetcher = vi.fn(async (p: Record<string, unknown>) => {
      if (p.name === '李') await new Promise<void>((resolve) => (release = resolve));
      return { records: [{ id: 1, name: `${String(p.name ?? '全部')}的行` }], total: 1 };
    });
    renderWithProviders(
      <DataTable<Row>
        queryKey={['dt-filters-loading']}
        fetcher={fetcher}
        search={[{ name: 'name', label: '名称' }]}
        columns={[{ title: '名称', dataIndex: 'name' }]}
        toolbar={({ filters }) => <span data-testid="filters">{JSON.stringify(filters)}</span>}
      />,
    );
    await screen.findByText('全部的行');
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '李' } });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(fetcher).toHaveBeenLastCalledWith(expect.objectContaining({ name: '李' })));
    expect(screen.getByText('全部的行')).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('filters').textContent ?? 'null')).toEqual({});
    release();
    expect(await screen.findByText('李的行')).toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('filters').textContent ?? 'null')).toEqual({ name: '李' });
  });
});
