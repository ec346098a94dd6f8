import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Tag } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { LazySelect } from './LazySelect.tsx';

// Whether antd's Select came along: RealSelect's module is imported only when the select is reached.
const state = vi.hoisted(() => ({ loaded: 0 }));
vi.mock('./RealSelect.tsx', async (orig) => {
  state.loaded++;
  return orig();
});

// As the header's shop switcher (app/layouts/ShopSwitcher.tsx) uses it.
const shops = [
  {
    value: 1,
    label: (
      <>
        运城洁家家政（总店）<Tag color="blue">总店</Tag>
      </>
    ),
  },
  {
    value: 2,
    label: (
      <>
        盐湖分店<Tag>分店</Tag>
      </>
    ),
  },
];
function ShopSwitcher({ current, onChange }: { current: number; onChange: (id: number) => void }) {
  return (
    <LazySelect aria-label="切换店铺" style={{ minWidth: 260 }} value={current} onChange={onChange} options={shops} />
  );
}

describe('LazySelect (the header shop switcher): antd Select loads on use', { timeout: 30_000 }, () => {
  it('draws the current shop without the Select; a click opens the real list; a pick switches', async () => {
    const onChange = vi.fn();
    render(<ShopSwitcher current={2} onChange={onChange} />);
    const face = screen.getByRole('button', { name: '切换店铺' });
    expect(face).toHaveTextContent('盐湖分店');
    expect(face).toHaveTextContent('分店');
    await new Promise((r) => setTimeout(r, 50));
    expect(state.loaded).toBe(0);
    expect(document.querySelector('.ant-select')).toBeNull();

    fireEvent.click(face);
    // antd's Select replaces the face, opened on both shops.
    expect(await screen.findByRole('combobox', { name: '切换店铺' })).toBeInTheDocument();
    expect(state.loaded).toBe(1);
    const options = await waitFor(() => {
      const o = [...document.querySelectorAll('.ant-select-item-option')].map((e) => e as HTMLElement);
      if (o.length < 2) throw new Error(`${o.length} options shown`);
      return o;
    });
    expect(options.map((o) => o.textContent)).toEqual(['运城洁家家政（总店）总店', '盐湖分店分店']);
    fireEvent.click(options[0]);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(1, expect.anything()));
  });

  it('↓ on the face opens it too', async () => {
    render(<ShopSwitcher current={1} onChange={() => {}} />);
    fireEvent.keyDown(screen.getByRole('button', { name: '切换店铺' }), { key: 'ArrowDown' });
    expect(await screen.findByRole('combobox', { name: '切换店铺' })).toBeInTheDocument();
  });

  it('a placeholder, a disabled face that cannot open; hovering does not open it', async () => {
    const before = state.loaded;
    const { rerender } = render(
      <LazySelect aria-label="固定常用页面" placeholder="固定常用页面" value={null} options={[]} disabled />,
    );
    const face = screen.getByRole('button', { name: '固定常用页面' });
    expect(face).toHaveTextContent('固定常用页面');
    expect(face).toBeDisabled();
    fireEvent.click(face);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(state.loaded).toBe(before);
    rerender(<LazySelect aria-label="固定常用页面" placeholder="固定常用页面" value={null} options={[]} />);
    fireEvent.pointerEnter(screen.getByRole('button', { name: '固定常用页面' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
