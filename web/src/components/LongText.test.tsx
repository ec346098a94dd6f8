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

  it('several rows use a paragraph clamped at that many lines', () => {
    const { container } = render(<LongText text="多行文字" rows={2} />);
    const p = container.querySelector<HTMLElement>('.ant-typography');
    expect(p?.tagName).toBe('DIV');
    expect(p?.style.webkitLineClamp).toBe('2');
    const three = render(<LongText text="多行文字" rows={3} />).container.querySelector<HTMLElement>('.ant-typography');
    expect(three?.style.webkitLineClamp).toBe('3');
  });

  it('one row is a single-line text, not a clamped paragraph', () => {
    const { container } = render(<LongText text="一行文字" />);
    const t = container.querySelector<HTMLElement>('.ant-typography');
    expect(t?.tagName).toBe('SPAN');
    expect(t?.style.webkitLineClamp).toBe('');
  });

  it('nothing to show renders a dash', () => {
    render(<LongText text={null} />);
    expect(screen.getByText('-')).toBeTruthy();
  });
});
