import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { LazyRangePicker } from './LazyRangePicker.tsx';

describe('LazyRangePicker', () => {
  it('shows the range in the closed picker’s look, then antd’s picker, open, at the first click', async () => {
    const onChange = vi.fn();
    const { container } = render(
      <LazyRangePicker
        aria-label="统计日期范围"
        value={[dayjs('2026-10-31'), dayjs('2026-11-29')]}
        onChange={onChange}
      />,
    );
    const inputs = screen.getAllByLabelText('统计日期范围') as HTMLInputElement[];
    expect(inputs.map((i) => i.value)).toEqual(['2026-10-31', '2026-11-29']);
    expect(container.querySelector('.ant-picker')).toBeNull();
    fireEvent.mouseDown(inputs[0]);
    await waitFor(() => expect(document.querySelector('.ant-picker-dropdown')).not.toBeNull());
    expect((screen.getAllByLabelText('统计日期范围')[0] as HTMLInputElement).value).toBe('2026-10-31');
  });
});
