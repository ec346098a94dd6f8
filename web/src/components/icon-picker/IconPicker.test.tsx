import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ICONS } from './icon-list.ts';
import { IconPicker, IconSelect } from './IconPicker.tsx';

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
