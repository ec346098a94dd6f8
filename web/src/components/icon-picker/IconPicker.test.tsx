import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IconPicker, IconSelect, loadIcons } from './IconPicker.tsx';
import SET from './icons-outlined.json';

// The set is data the picker fetches (docs/performance-browser.md: no icon table in a route's JavaScript); here fetch answers the file.
const ICONS = Object.keys(SET).map((n) => [n]);
const requested: string[] = [];
let answer: () => Response = () => new Response(JSON.stringify(SET), { status: 200 });
beforeEach(() => {
  requested.length = 0;
  vi.stubGlobal('fetch', async (url: string) => {
    requested.push(String(url));
    return answer();
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  answer = () => new Response(JSON.stringify(SET), { status: 200 });
});

function SelectHarness() {
  const [v, setV] = useState<string | null>('UserOutlined');
  return <IconSelect value={v} onChange={setV} />;
}

describe('IconPicker (spec §2: about 280 icons)', { timeout: 60_000 }, () => {
  it('offers about 280 distinct icons, including every sidebar icon', async () => {
    expect(ICONS.length).toBeGreaterThanOrEqual(260);
    expect(ICONS.length).toBeLessThanOrEqual(300);
    expect(new Set(ICONS.map(([n]) => n)).size).toBe(ICONS.length);
    const { sidebarIcons } = await import('../icons/icon-map.tsx');
    for (const n of Object.keys(sidebarIcons))
      expect(
        ICONS.some(([m]) => m === n),
        n,
      ).toBe(true);
  });

  it('loads the set when opened, filters by name, and answers the chosen name', async () => {
    const onSelect = vi.fn();
    const onClose = vi.fn();
    render(<IconPicker open onSelect={onSelect} onClose={onClose} />);
    const grid = await screen.findByRole('listbox', { name: '图标列表' });
    expect(Number(grid.getAttribute('data-count'))).toBe(ICONS.length);
    fireEvent.change(screen.getByLabelText('搜索图标'), { target: { value: 'shop' } });
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual([
        'ShopOutlined',
        'ShoppingCartOutlined',
        'ShoppingOutlined',
      ]),
    );
    fireEvent.change(screen.getByLabelText('搜索图标'), { target: { value: 'zzzz' } });
    expect(await screen.findByText('没有匹配的图标')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('搜索图标'), { target: { value: 'HOME' } });
    fireEvent.click(await screen.findByRole('option', { name: 'HomeOutlined' }));
    expect(onSelect).toHaveBeenCalledWith('HomeOutlined');
    expect(onClose).toHaveBeenCalled();
  });

  it("fetches the set as JSON, not while the picker is closed, and draws the icons in antd's markup", async () => {
    const onClose = vi.fn();
    const { rerender } = render(<IconPicker open={false} onSelect={() => {}} onClose={onClose} />);
    await new Promise((r) => setTimeout(r, 20));
    // The module may have fetched in an earlier test (the set is kept once loaded): nothing new while closed.
    expect(requested).toEqual([]);
    const icons = await loadIcons();
    expect(icons.length).toBe(ICONS.length);
    // Drawn in antd's icon markup from the data.
    const Home = icons.find(([n]) => n === 'HomeOutlined')![1];
    render(<Home />);
    const img = screen.getByRole('img', { name: 'home' });
    expect(img).toHaveClass('anticon');
    expect(img.querySelector('svg')?.getAttribute('viewBox')).toBe('64 64 896 896');
    expect(img.querySelector('path')?.getAttribute('d')).toBe((SET as Record<string, string[]>).HomeOutlined[1]);
    rerender(<IconPicker open onSelect={() => {}} onClose={onClose} />);
    expect(await screen.findByRole('listbox', { name: '图标列表' })).toBeInTheDocument();
  });

  it('a set that fails to load shows a message, not a spinner for ever', async () => {
    vi.resetModules();
    const fresh = await import('./IconPicker.tsx');
    answer = () => new Response('busy', { status: 503 });
    const { rerender } = render(<fresh.IconPicker open onSelect={() => {}} onClose={() => {}} />);
    expect(await screen.findByText('图标加载失败，请关闭后重试')).toBeInTheDocument();
    expect(requested.some((u) => /icons-outlined/.test(u))).toBe(true);
    answer = () => new Response(JSON.stringify(SET), { status: 200 });
    rerender(<fresh.IconPicker open={false} onSelect={() => {}} onClose={() => {}} />);
    rerender(<fresh.IconPicker open onSelect={() => {}} onClose={() => {}} />);
    expect(await screen.findByRole('listbox', { name: '图标列表' })).toBeInTheDocument();
  });

  it('IconSelect shows the choice and clears it', async () => {
    render(<SelectHarness />);
    expect(screen.getByDisplayValue('UserOutlined')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('清除图标'));
    expect(screen.getByPlaceholderText('点击选择图标')).toHaveValue('');
    fireEvent.click(screen.getByRole('button', { name: '选择图标' }));
    fireEvent.click(await screen.findByRole('option', { name: 'BellOutlined' }));
    await waitFor(() => expect(screen.getByDisplayValue('BellOutlined')).toBeInTheDocument());
  });
});
