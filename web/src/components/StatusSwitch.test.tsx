import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { StatusSwitch } from './StatusSwitch.tsx';

function Harness({ onChange }: { onChange: (v: boolean) => Promise<unknown> }) {
  const [on, setOn] = useState(true);
  return (
    <AntApp>
      <StatusSwitch
        checked={on}
        onChange={async (v) => {
          await onChange(v);
          setOn(v);
        }}
      />
    </AntApp>
  );
}

describe('switch column (spec §4)', () => {
  it('asks 确定更改状态?; cancel keeps the previous value and raises nothing', async () => {
    const onChange = vi.fn().mockResolvedValue(null);
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByRole('switch'));
    expect(await screen.findByText('确定更改状态?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.getByRole('switch')).toBeChecked());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('confirm raises the change and shows the new value', async () => {
    const onChange = vi.fn().mockResolvedValue(null);
    render(<Harness onChange={onChange} />);
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(false));
    await waitFor(() => expect(screen.getByRole('switch')).not.toBeChecked());
  });

  it('a refused change reverts the switch', async () => {
    render(<Harness onChange={() => Promise.reject(new Error('no'))} />);
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(screen.getByRole('switch')).toBeChecked());
  });
});
