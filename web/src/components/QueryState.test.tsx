import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import { Button, Table } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders as wrap } from '../../test/render.tsx';
import { isNotFound, QueryError, QueryState, tableStates } from './QueryState.tsx';

function Block({ fetch, emptyAction }: { fetch: () => Promise<string[]>; emptyAction?: React.ReactNode }) {
  const q = useQuery({ queryKey: ['block'], queryFn: fetch });
  return (
    <QueryState query={q} empty="还没有记录" emptyAction={emptyAction}>
      {(rows) => (
        <ul>
          {rows.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

describe('QueryState (loading, empty, error with retry)', () => {
  it('shows a skeleton while loading, then the content', async () => {
    let resolve: (v: string[]) => void = () => {};
    const { container } = wrap(<Block fetch={() => new Promise((r) => (resolve = r))} />);
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
    resolve(['保洁']);
    expect(await screen.findByText('保洁')).toBeInTheDocument();
    expect(container.querySelector('.ant-skeleton')).toBeNull();
  });

  it('shows the empty text with its next step', async () => {
    wrap(<Block fetch={async () => []} emptyAction={<Button>新增</Button>} />);
    expect(await screen.findByText('还没有记录')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /新\s*增/ })).toBeInTheDocument();
  });

  it('shows the error with 重试, and 重试 refetches', async () => {
    const fetch = vi.fn().mockRejectedValueOnce(new Error('网络错误,请稍后再试')).mockResolvedValueOnce(['月嫂']);
    wrap(<Block fetch={fetch} />);
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    expect(screen.getByText('网络错误,请稍后再试')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('月嫂')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

function Rows({ fetch }: { fetch: () => Promise<{ id: number; name: string }[]> }) {
  const q = useQuery({ queryKey: ['rows'], queryFn: fetch });
  return (
    <Table
      rowKey="id"
      columns={[{ title: '名称', dataIndex: 'name' }]}
      dataSource={q.data ?? []}
      {...tableStates(q, { empty: '暂无收支' })}
    />
  );
}

describe('tableStates (a hand-made Table)', () => {
  it('empty text when there are no rows', async () => {
    wrap(<Rows fetch={async () => []} />);
    expect(await screen.findByText('暂无收支')).toBeInTheDocument();
  });

  it('error with 重试 in the table body; 重试 loads the rows', async () => {
    const fetch = vi
      .fn()
      .mockRejectedValueOnce(new Error('boom'))
      .mockResolvedValueOnce([{ id: 1, name: '家电清洗' }]);
    wrap(<Rows fetch={fetch} />);
    expect(await screen.findByText(/数据加载失败：boom/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('家电清洗')).toBeInTheDocument();
  });
});

describe('QueryError (every page’s failed load)', () => {
  it('names what failed, says why, and retries', async () => {
    const retry = vi.fn();
    wrap(<QueryError error={new Error('网络异常')} onRetry={retry} title="店铺信息加载失败" />);
    expect(await screen.findByText('店铺信息加载失败')).toBeInTheDocument();
    expect(screen.getByText('网络异常')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});

describe('isNotFound', () => {
  it('is true for a 2002 refusal only', () => {
    expect(isNotFound({ code: 2002 })).toBe(true);
    expect(isNotFound({ code: -1 })).toBe(false);
    expect(isNotFound(new Error('x'))).toBe(false);
    expect(isNotFound(null)).toBe(false);
  });
});
