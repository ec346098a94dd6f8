import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, testQueryClient } from '../../test/render.tsx';
import type { PageDef } from '../lib/page-registry.ts';
import { menuQuery } from '../lib/queries.ts';
import { PageView } from './PageHost.tsx';
import { pages as employeePages } from '../features/merchant/employee/pages.ts';

/** An add page that edits with ?id= (docs/ux-states.md: the edit-employee page said 新增员工 in its header and breadcrumb). */
const page: PageDef = {
  ...employeePages.find((p) => p.key === 'merchant.employee.add')!,
  parentKey: undefined,
  perm: undefined,
  component: (() => <div>表单</div>) as unknown as PageDef['component'],
};

function at(path: string) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(menuQuery.queryKey, []);
  return renderWithProviders(
    <Routes>
      <Route path="*" element={<PageView page={page} />} />
    </Routes>,
    { route: path, queryClient },
  );
}
const crumbs = () => document.querySelector('.jz-page-crumbs')?.textContent ?? '';

describe('the header of an add page that also edits', () => {
  it('says 编辑员工 in the title and the breadcrumb when it edits (?id=)', async () => {
    at('/xinzengyuangong?id=5');
    expect(await screen.findByRole('heading', { level: 1, name: '编辑员工' })).toBeInTheDocument();
    expect(crumbs()).toContain('编辑员工');
    expect(crumbs()).not.toContain('新增员工');
  });

  it('says 新增员工 when it adds', async () => {
    at('/xinzengyuangong');
    expect(await screen.findByRole('heading', { level: 1, name: '新增员工' })).toBeInTheDocument();
    expect(crumbs()).toContain('新增员工');
    expect(crumbs()).not.toContain('编辑员工');
  });
});
