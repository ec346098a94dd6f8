import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LongText } from './LongText.tsx';

describe('LongText', () => {
  it('renders the text on one ellipsed line', () => {
    const text = '运城洁家家政服务有限公司盐湖区解放路分店的一段很长很长的说明文字';
    const { container } = render(<LongText text={text} maxWidth={120} />);
    expect(screen.getByText(text)).toBeTruthy();
    expect(container.querySelector('.ant-typography-ellipsis')).not.toBeNull();
  });

  it('several rows use a paragraph clamp', () => {
    const { container } = render(<LongText text="多行文字" rows={2} />);
    expect(container.querySelector('.ant-typography-ellipsis-multiple-line, .ant-typography-ellipsis')).not.toBeNull();
  });

  it('nothing to show renders a dash', () => {
    render(<LongText text={null} />);
    expect(screen.getByText('-')).toBeTruthy();
  });
});
