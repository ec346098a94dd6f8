import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ExportButton } from './ExportButton.tsx';

describe('ExportButton (long actions show progress, no double submit)', () => {
  it('spins while the export runs and ignores further clicks', async () => {
    let finish: () => void = () => {};
    const onExport = vi.fn(() => new Promise<void>((r) => (finish = r)));
    render(<ExportButton onExport={onExport} />);
    const button = screen.getByRole('button', { name: /导出 Excel/ });
    fireEvent.click(button);
    fireEvent.click(button); // same tick, before React re-renders: the ref guard refuses it
    await waitFor(() => expect(button).toHaveClass('ant-btn-loading'));
    fireEvent.click(button);
    expect(onExport).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(button).not.toHaveClass('ant-btn-loading'));
    fireEvent.click(button);
    expect(onExport).toHaveBeenCalledTimes(2);
  });

  it('a failed export releases the button', async () => {
    const onExport = vi.fn().mockRejectedValueOnce(new Error('no')).mockResolvedValueOnce(undefined);
    render(<ExportButton onExport={onExport}>导出</ExportButton>);
    const button = screen.getByRole('button', { name: /导出/ });
    fireEvent.click(button);
    await waitFor(() => expect(onExport).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(button).not.toHaveClass('ant-btn-loading'));
    fireEvent.click(button);
    await waitFor(() => expect(onExport).toHaveBeenCalledTimes(2));
  });
});
