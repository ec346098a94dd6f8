import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TagInput } from './TagInput.tsx';

function Harness({ initial = [] as string[], onValue = (_: string[]) => {} }) {
  const [v, setV] = useState(initial);
  return (
    <TagInput
      value={v}
      onChange={(x) => {
        setV(x);
        onValue(x);
      }}
    />
  );
}

const open = () => fireEvent.click(screen.getByRole('button', { name: '新增标签' }));
const box = () => screen.getByLabelText('请输入标签');

describe('TagInput (spec §5)', () => {
  it('adds a trimmed, non-empty tag on Enter', async () => {
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    open();
    fireEvent.change(box(), { target: { value: '  月嫂  ' } });
    fireEvent.keyDown(box(), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onValue).toHaveBeenLastCalledWith(['月嫂']);
    expect(await screen.findByText('月嫂')).toBeInTheDocument();
  });

  it('adds on blur', () => {
    const onValue = vi.fn();
    render(<Harness initial={['保洁']} onValue={onValue} />);
    open();
    fireEvent.change(box(), { target: { value: '育儿嫂' } });
    fireEvent.blur(box());
    expect(onValue).toHaveBeenLastCalledWith(['保洁', '育儿嫂']);
  });

  it('adds nothing when empty or blank, or when the tag is already there', () => {
    const onValue = vi.fn();
    render(<Harness initial={['保洁']} onValue={onValue} />);
    open();
    fireEvent.keyDown(box(), { key: 'Enter', code: 'Enter', keyCode: 13 });
    open();
    fireEvent.change(box(), { target: { value: '   ' } });
    fireEvent.blur(box());
    open();
    fireEvent.change(box(), { target: { value: '保洁' } });
    fireEvent.keyDown(box(), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onValue).not.toHaveBeenCalled();
  });

  it('removes a tag with its close icon; the value is a list of strings', async () => {
    const onValue = vi.fn();
    const { container } = render(<Harness initial={['保洁', '月嫂']} onValue={onValue} />);
    fireEvent.click(container.querySelectorAll('.ant-tag-close-icon')[0]);
    expect(onValue).toHaveBeenLastCalledWith(['月嫂']);
    await waitFor(() => expect(screen.queryByText('保洁')).not.toBeInTheDocument());
  });
});
