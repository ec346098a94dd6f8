import { fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asChunkError, ChunkLoadError, CssChunkLoadError, lazyPage, withChunkTimeout } from '../lib/lazy-page.ts';
import { ChunkErrorBoundary } from './ChunkErrorBoundary.tsx';

const Page = () => <p>页面内容</p>;
const Boom = () => {
  throw new Error('x is undefined');
};
const host = (C: React.ComponentType) => (
  <ChunkErrorBoundary>
    <Suspense fallback={<p>加载中</p>}>
      <C />
    </Suspense>
  </ChunkErrorBoundary>
);

afterEach(() => vi.restoreAllMocks());

describe('chunk-load errors (spec §7 Other, §8)', () => {
  it('a missing chunk shows a Chinese message, is reported, and 重试 loads it again', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const factory = vi
      .fn<() => Promise<{ default: typeof Page }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/X-abc.js'))
      .mockResolvedValue({ default: Page });
    const C = lazyPage(factory);
    render(host(C));
    // The first antd render of a run builds its styles: over a second on a busy machine.
    expect(await screen.findByText('页面加载失败', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(/请重试；仍然失败时请刷新页面/)).toBeInTheDocument();
    expect(errors.mock.calls.some((c) => String(c[0]).includes('[ChunkLoadError] missing'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('页面内容')).toBeInTheDocument();
    expect(factory).toHaveBeenCalledTimes(2);
  });

  it('a chunk that does not arrive in time is a timeout', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const C = lazyPage(() => new Promise<{ default: typeof Page }>(() => {}), undefined, 30);
    render(host(C));
    expect(await screen.findByText('页面加载超时', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText(/120 秒内未能加载完成/)).toBeInTheDocument();
  });

  it('a failed stylesheet chunk is told apart', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const C = lazyPage(() => Promise.reject(new Error('Unable to preload CSS for /assets/X-abc.css')));
    render(host(C));
    expect(await screen.findByText('页面样式加载失败', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(errors.mock.calls.some((c) => String(c[0]).includes('[CssChunkLoadError]'))).toBe(true);
  });

  it('classifies errors; other errors are not chunk errors', async () => {
    expect(asChunkError(new Error('Importing a module script failed.'))).toBeInstanceOf(ChunkLoadError);
    expect(asChunkError(new Error('Unable to preload CSS for x.css'))).toBeInstanceOf(CssChunkLoadError);
    expect(asChunkError(new Error('x is undefined'))).toBeNull();
    await expect(withChunkTimeout(new Promise(() => {}), 10)).rejects.toMatchObject({ type: 'timeout' });
    await expect(withChunkTimeout(Promise.resolve(1), 10)).resolves.toBe(1);
  });

  it('passes any other error on to the boundary above', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      render(
        <ChunkErrorBoundary>
          <Boom />
        </ChunkErrorBoundary>,
      ),
    ).toThrow('x is undefined');
  });
});

describe('lazyPage preload', () => {
  it('preload() starts the import once; the render takes the same one', async () => {
    const factory = vi.fn(() => Promise.resolve({ default: Page }));
    const C = lazyPage(factory);
    C.preload();
    C.preload();
    expect(factory).toHaveBeenCalledTimes(1);
    render(host(C));
    expect(await screen.findByText('页面内容', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(factory).toHaveBeenCalledTimes(1);
  });

  it('a failed preload is not reported until the page renders, and a retry imports again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const factory = vi
      .fn<() => Promise<{ default: typeof Page }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/Y.js'))
      .mockResolvedValue({ default: Page });
    const C = lazyPage(factory);
    C.preload();
    render(host(C));
    expect(await screen.findByText('页面加载失败', undefined, { timeout: 10_000 })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('页面内容', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(factory).toHaveBeenCalledTimes(2);
  });
});
