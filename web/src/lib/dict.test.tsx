import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { providers } from '../../test/render.tsx';
import { useHasPerm } from './access.tsx';
import { api } from './api-client.ts';
import { DictTag, useDict } from './dict.tsx';

const ORDER_STATUS = [
  { dictLabel: '待服务', dictValue: '1', type: 'order_status', tagType: 'primary' },
  { dictLabel: '已完成', dictValue: '2', type: 'order_status', tagType: 'success' },
  { dictLabel: '已取消', dictValue: '3', type: 'order_status', tagType: null },
];

const wrapper = () => providers().wrapper;

afterEach(() => vi.restoreAllMocks());

describe('useDict (spec §8): one cached call per type, values as labels and tags', () => {
  it('loads findByType once per type and answers options and labels', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue({ dataList: ORDER_STATUS });
    const Wrapper = wrapper();
    const a = renderHook(() => useDict('order_status'), { wrapper: Wrapper });
    await waitFor(() => expect(a.result.current.options).toHaveLength(3));
    expect(get).toHaveBeenCalledWith('/api/app/dict/findByType/order_status', undefined, expect.anything());
    expect(a.result.current.options[0]).toEqual({ label: '待服务', value: '1' });
    expect(a.result.current.labelOf(2)).toBe('已完成');
    expect(a.result.current.labelOf('9')).toBe('9');
    expect(a.result.current.labelOf(null)).toBe('');
    // A second user of the same type reads the cache.
    const b = renderHook(() => useDict('order_status'), { wrapper: Wrapper });
    expect(b.result.current.options).toHaveLength(3);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('DictTag renders the label in a tag coloured by tagType; an empty value is a dash', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ dataList: ORDER_STATUS });
    const Wrapper = wrapper();
    render(
      <Wrapper>
        <DictTag type="order_status" value={1} />
        <DictTag type="order_status" value="2" />
        <DictTag type="order_status" value={null} />
      </Wrapper>,
    );
    const pending = await screen.findByText('待服务');
    expect(pending.closest('.ant-tag')?.className).toMatch(/blue/);
    expect(screen.getByText('已完成').closest('.ant-tag')?.className).toMatch(/success/);
    expect(screen.getByText('-')).toBeInTheDocument();
  });

  it('a dictionary without data is only a console warning: no toast, no error, values shown as they are', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ dataList: [] });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { result } = renderHook(() => useDict('nothing_here'), { wrapper: wrapper() });
    await waitFor(() => expect(warn).toHaveBeenCalledWith('字典「nothing_here」没有数据'));
    expect(result.current.options).toEqual([]);
    expect(result.current.labelOf('x')).toBe('x');
  });
});

describe('useHasPerm (spec §6: the hook beside the Auth component)', () => {
  it('answers from the stored permission list; super passes everything', () => {
    sessionStorage.setItem('perms', JSON.stringify(['sys:dict:add']));
    const { result } = renderHook(() => useHasPerm());
    expect(result.current('sys:dict:add')).toBe(true);
    expect(result.current('sys:dict:del')).toBe(false);
    expect(result.current(undefined)).toBe(true);
    sessionStorage.setItem('perms', JSON.stringify(['super']));
    expect(result.current('sys:dict:del')).toBe(true);
  });
});
