import { fireEvent, render, screen } from '@testing-library/react';
import { Select } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { selectStates } from './select-states.tsx';

const base = { data: undefined, error: null, isError: false, isLoading: false, isFetching: false, refetch: vi.fn() };

describe('selectStates', () => {
  it('a failed list turns the field red, says so and offers 重试 in the open dropdown', async () => {
    const refetch = vi.fn();
    const q = { ...base, isError: true, error: new Error('网络错误,请稍后再试'), refetch };
    const { container } = render(<Select open {...selectStates(q)} options={[]} />);
    expect(container.querySelector('.ant-select-status-error')).not.toBeNull();
    expect(screen.getByText('选项加载失败，展开后可重试')).toBeTruthy();
    expect(screen.getByText(/数据加载失败：网络错误/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(refetch).toHaveBeenCalled();
  });

  it('loading shows the spinner and 加载中…; loaded keeps the caller placeholder', () => {
    const loading = selectStates({ ...base, isLoading: true, isFetching: true });
    expect(loading.loading).toBe(true);
    expect(loading.notFoundContent).toBe('加载中…');
    const loaded = selectStates({ ...base, data: [] }, { placeholder: '请选择角色' });
    expect(loaded).toEqual({ loading: false, placeholder: '请选择角色' });
  });

  it('a failed refetch over shown options keeps them (no error state)', () => {
    const s = selectStates({ ...base, data: [{ id: 1 }], isError: true, error: new Error('x') });
    expect(s.status).toBeUndefined();
  });
});
