import { describe, expect, it } from 'vitest';
import { shortLabel } from './PreviewDialog.tsx';

describe('代码预览 tab labels', () => {
  it('show the last two path segments, more where two files would read the same', () => {
    const all = [
      'packages/contracts/src/api/e2e-x.ts',
      'web/src/features/system/e2e-x/api/e2e-x.ts',
      'web/src/features/system/e2e-x/pages/E2eXPage.tsx',
    ];
    expect(all.map((p) => shortLabel(p, all))).toEqual([
      'src/api/e2e-x.ts',
      'e2e-x/api/e2e-x.ts',
      'pages/E2eXPage.tsx',
    ]);
  });
});
