import { act, render, screen } from '@testing-library/react';
import { Statistic } from 'antd';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Chart } from './Chart.tsx';

// When the chart's module (and with it the chart library's chunk in the build) is imported: vi.mock's factory runs on
// import. `seen` records what was on the screen at that moment.
const state = vi.hoisted(() => ({ loaded: 0, seen: '' }));
vi.mock('./ChartImpl.tsx', () => {
  state.loaded++;
  state.seen = document.body.textContent ?? '';
  return { default: ({ height }: { height: number }) => <div data-testid="chart" style={{ height }} /> };
});

function Page({ onCommit }: { onCommit: () => void }) {
  useEffect(() => {
    onCommit();
  }, [onCommit]);
  return (
    <>
      <Statistic title="支付订单" value={128} />
      <Chart option={{ series: [{ type: 'line', data: [1, 2, 3] }] }} height={280} />
    </>
  );
}

describe('Chart loads its library after the figures', { timeout: 30_000 }, () => {
  it('draws the figures first, in a box of the chart height, and imports the chart after they painted', async () => {
    // Frames are held until the test lets the browser "paint".
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    let loadedAtCommit = -1;
    render(
      <Page
        onCommit={() => {
          loadedAtCommit = state.loaded;
        }}
      />,
    );
    // The first commit: the figure is there, the chart is a placeholder of its height, the library not requested.
    expect(loadedAtCommit).toBe(0);
    expect(screen.getByText('支付订单')).toBeInTheDocument();
    const placeholder = screen.getByTestId('chart-placeholder');
    expect(placeholder.style.height).toBe('280px');
    expect(placeholder).toHaveAttribute('aria-busy', 'true');
    // No frame painted yet: still nothing asked for, however long it waits.
    await act(() => new Promise((r) => setTimeout(r, 150)));
    expect(state.loaded).toBe(0);
    expect(frames.length).toBeGreaterThan(0);
    raf.mockRestore();
    act(() => {
      for (const f of frames.splice(0)) f(performance.now());
    });

    const chart = await screen.findByTestId('chart');
    expect(chart.style.height).toBe('280px');
    expect(state.loaded).toBe(1);
    // The figures were on the screen when the library was asked for.
    expect(state.seen).toContain('支付订单');
    expect(state.seen).toContain('128');
    expect(screen.queryByTestId('chart-placeholder')).toBeNull();
  });

  it('empty data shows 暂无数据 and never loads the library', async () => {
    const before = state.loaded;
    render(<Chart option={{}} empty />);
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 100));
    expect(state.loaded).toBe(before);
  });
});
