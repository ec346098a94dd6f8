import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SearchForm } from './SearchForm.tsx';
import { press } from '../../../test/press.ts';

const failed = (refetch = vi.fn()) => ({
  data: undefined,
  error: new Error('网络错误,请稍后再试'),
  isError: true,
  isLoading: false,
  isFetching: false,
  refetch,
});

describe('SearchForm select fed by a query', () => {
  it('says the options failed to load and offers 重试 instead of an empty dropdown', async () => {
    const refetch = vi.fn();
    const { container } = render(
      <SearchForm
        onSearch={() => {}}
        fields={[{ name: 'employeeId', label: '服务人员', type: 'select', options: [], query: failed(refetch) }]}
      />,
    );
    expect(screen.getByText('选项加载失败，展开后可重试')).toBeInTheDocument();
    // The select's face says it at once; antd's Select replaces it once the form has painted.
    expect(container.querySelector('.jz-lazy-select-error')).not.toBeNull();
    await waitFor(() => expect(container.querySelector('.ant-select-status-error')).not.toBeNull());
    fireEvent.mouseDown(container.querySelector('.ant-select') as HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(refetch).toHaveBeenCalled();
  });

  it('keeps its own placeholder while the options are fine', () => {
    const ok = { ...failed(), isError: false, error: null, data: [] };
    render(
      <SearchForm
        onSearch={() => {}}
        fields={[{ name: 'x', label: '商品', type: 'select', options: [], query: ok }]}
      />,
    );
    expect(screen.getByText('请选择商品')).toBeInTheDocument();
  });

  it('a click on the face before the real select is there opens it', async () => {
    render(
      <SearchForm
        onSearch={() => {}}
        fields={[{ name: 'state', label: '状态', type: 'select', options: [{ label: '启用', value: 1 }] }]}
      />,
    );
    press(screen.getByRole('button', { name: '状态' }));
    expect(await screen.findByRole('option', { name: '启用' })).toBeInTheDocument();
  });
});
