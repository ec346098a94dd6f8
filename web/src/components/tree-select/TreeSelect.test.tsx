import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TreeSelect } from './TreeSelect.tsx';

const data = [{ title: '山西省', value: '140000', children: [{ title: '运城市', value: '140800' }] }];

describe('TreeSelect (spec §9 defaults)', () => {
  it('is 350 px wide with a 250 px list by default, searchable and expanded', async () => {
    const onChange = vi.fn();
    const { container } = render(<TreeSelect treeData={data} onChange={onChange} open />);
    expect(container.querySelector('.ant-select')).toHaveStyle({ width: '350px' });
    const holder = document.querySelector('.ant-select-tree-list-holder') as HTMLElement | null;
    expect(holder).not.toBeNull();
    expect(holder!.style.maxHeight).toBe('250px');
    // Expanded by default: the child is listed without a click.
    expect(await screen.findByTitle('运城市')).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('运城市'));
    expect(onChange).toHaveBeenCalledWith('140800', expect.anything(), expect.anything());
  });

  it('takes other sizes', () => {
    const { container } = render(<TreeSelect treeData={data} width={200} />);
    expect(container.querySelector('.ant-select')).toHaveStyle({ width: '200px' });
  });
});
