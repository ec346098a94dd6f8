import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadingStore } from '../lib/loading.ts';
import { FullScreenLoading } from './App.tsx';
import { FullScreenSpin } from './FullScreenSpin.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  while (loadingStore.get()) loadingStore.end();
  vi.useRealTimers();
});

describe('拼命加载中 (spec §4): shown while requests are pending, never a flash on fast calls', () => {
  it('a call answered within 400 ms never shows it', () => {
    render(<FullScreenLoading />);
    act(() => loadingStore.start());
    act(() => vi.advanceTimersByTime(350));
    expect(screen.queryByText('拼命加载中')).toBeNull();
    act(() => loadingStore.end());
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('拼命加载中')).toBeNull();
  });

  it('a slow call shows it after 400 ms until the last pending request ends', () => {
    render(<FullScreenLoading />);
    act(() => {
      loadingStore.start();
      loadingStore.start();
    });
    act(() => vi.advanceTimersByTime(399));
    expect(screen.queryByText('拼命加载中')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('拼命加载中')).toBeInTheDocument();
    act(() => loadingStore.end());
    expect(screen.getByText('拼命加载中')).toBeInTheDocument();
    act(() => loadingStore.end());
    expect(screen.queryByText('拼命加载中')).toBeNull();
  });

  it('back-to-back fast calls do not add up to a flash', () => {
    render(<FullScreenLoading />);
    for (let i = 0; i < 5; i++) {
      act(() => loadingStore.start());
      act(() => vi.advanceTimersByTime(200));
      act(() => loadingStore.end());
      act(() => vi.advanceTimersByTime(50));
    }
    expect(screen.queryByText('拼命加载中')).toBeNull();
  });
});

describe('FullScreenSpin: the session load and chunk loads wait the same 400 ms', () => {
  it('shows nothing for a fast load and the spinner once the wait lasts', () => {
    const fast = render(<FullScreenSpin />);
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText('拼命加载中')).toBeNull();
    fast.unmount();
    render(<FullScreenSpin />);
    act(() => vi.advanceTimersByTime(400));
    expect(screen.getByText('拼命加载中')).toBeInTheDocument();
  });
});
