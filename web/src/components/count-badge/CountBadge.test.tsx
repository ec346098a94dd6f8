import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountBadge } from './CountBadge.tsx';

const sup = (c: HTMLElement) => c.querySelector('sup');

describe('CountBadge (antd Badge look, size small)', () => {
  it('shows the count, 99+ above 99, and nothing at 0', () => {
    const { container, rerender } = render(<CountBadge count={7}>icon</CountBadge>);
    expect(sup(container)?.textContent).toBe('7');
    expect(sup(container)).toHaveAttribute('title', '7');
    expect(sup(container)).not.toHaveClass('jz-count-badge-multiple');
    rerender(<CountBadge count={150}>icon</CountBadge>);
    expect(sup(container)?.textContent).toBe('99+');
    expect(sup(container)).toHaveAttribute('title', '150');
    expect(sup(container)).toHaveClass('jz-count-badge-multiple');
    rerender(<CountBadge count={0}>icon</CountBadge>);
    expect(sup(container)).toBeNull();
  });

  it('shows a dot at 0 when asked, the count over it otherwise', () => {
    const { container, rerender } = render(
      <CountBadge count={0} dot>
        icon
      </CountBadge>,
    );
    expect(sup(container)).toHaveClass('jz-count-badge-dot');
    rerender(
      <CountBadge count={3} dot>
        icon
      </CountBadge>,
    );
    expect(sup(container)).toHaveClass('jz-count-badge-count');
  });
});
