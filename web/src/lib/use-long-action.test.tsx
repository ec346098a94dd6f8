import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSubmitting } from './use-long-action.ts';

describe('useSubmitting (a dialog OK that cannot be double-submitted)', () => {
  it('runs one task at a time, reports running, and frees itself after a refusal', async () => {
    const { result } = renderHook(() => useSubmitting());
    let refuse: (e: Error) => void = () => {};
    const send = vi.fn(() => new Promise((_, rej) => (refuse = rej)));
    let first: Promise<boolean> = Promise.resolve(false);
    let second: Promise<boolean> = Promise.resolve(false);
    act(() => {
      first = result.current.run(send);
      second = result.current.run(send);
    });
    expect(await second).toBe(false);
    expect(send).toHaveBeenCalledTimes(1);
    expect(result.current.running).toBe(true);
    await act(async () => {
      refuse(new Error('名称已存在'));
      expect(await first).toBe(false);
    });
    expect(result.current.running).toBe(false);
    await act(async () => {
      expect(await result.current.run(async () => 'ok')).toBe(true);
    });
  });
});
