import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeferredSelect } from './DeferredSelect.tsx';

const options = [
  { value: 1, label: '上架' },
  { value: 0, label: '下架' },
];

describe('DeferredSelect (a search form select): its face until the page has painted', { timeout: 30_000 }, () => {
  it('a press on the face mounts nothing; the click that follows opens the real list', async () => {
    // Another select of the page has loaded antd's Select already, so a face could be replaced within the press.
    render(<DeferredSelect id="first" aria-label="先来的" options={options} />);
    // antd's Select module is imported now: slow on a busy machine.
    await waitFor(() => expect(document.querySelector('#first.ant-select-input, #first input')).not.toBeNull(), {
      timeout: 20_000,
    });

    render(<DeferredSelect id="search_shelfState" aria-label="状态" placeholder="请选择" options={options} />);
    const face = screen.getByRole('button', { name: '状态' });
    fireEvent.mouseDown(face);
    // Still the face: a Select mounted now would take this very press for one outside it and close.
    expect(face).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '状态' })).toBe(face);
    fireEvent.mouseUp(face);
    fireEvent.click(face);
    const listed = await waitFor(() => {
      const o = [...document.querySelectorAll('.ant-select-item-option')].map((e) => e.textContent);
      if (o.length < 2) throw new Error(`${o.length} options shown`);
      return o;
    });
    expect(listed).toEqual(['上架', '下架']);
  });
});
