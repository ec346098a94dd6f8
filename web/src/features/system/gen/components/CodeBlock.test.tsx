import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CodeBlock, tokenize } from './CodeBlock.tsx';

const SRC = `import { z } from 'zod';
// 演示商品
export const max = 100; /* 上限 */
const el = <DataTable title="<b>x</b>" />;
`;

describe('CodeBlock (代码预览 highlighting)', () => {
  it('splits the source into tokens that join back to the same text', () => {
    const parts = tokenize(SRC);
    expect(parts.map((p) => p.text).join('')).toBe(SRC);
    const of = (kind: string) => parts.filter((p) => p.kind === kind).map((p) => p.text);
    expect(of('keyword')).toEqual(['import', 'from', 'export', 'const', 'const']);
    expect(of('string')).toEqual(["'zod'", '"<b>x</b>"']);
    expect(of('comment')).toEqual(['// 演示商品', '/* 上限 */']);
    expect(of('number')).toEqual(['100']);
    expect(of('tag')).toEqual(['DataTable']);
  });

  it('renders coloured spans and never parses the code as HTML', () => {
    const { getByTestId } = render(<CodeBlock text={SRC} />);
    const pre = getByTestId('gen-code');
    expect(pre.textContent).toBe(SRC);
    expect(pre.querySelectorAll('.gen-token-keyword')).toHaveLength(5);
    expect(pre.querySelector('b')).toBeNull();
  });
});
