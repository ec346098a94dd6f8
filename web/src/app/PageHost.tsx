import { useQuery } from '@tanstack/react-query';
import { Button, Spin } from 'antd';
import { Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../components/PageHeader.tsx';
import { LazyResult } from '../components/result/LazyResult.tsx';
import { hasPerm } from '../lib/access.tsx';
import { menuQuery } from '../lib/queries.ts';
import { leaves } from '../lib/menu-tree.ts';
import { type PageDef, pageByKey } from './registry.ts';
import { RecordVisit } from './home/RecordVisit.tsx';
import { pagePath, pageTitle } from '../lib/page-registry.ts';

/** Renders a registry page under its header (breadcrumbs, title, action slot), or a clear 403 without the permission. */
export function PageView({ page }: { page: PageDef }) {
  const navigate = useNavigate();
  // 新增员工 edits with ?id=: its header and breadcrumb then say 编辑员工.
  const title = pageTitle(page, useLocation().search);
  if (!hasPerm(page.perm))
    return (
      <>
        <PageHeader page={page} />
        <LazyResult
          status="403"
          title="没有访问权限"
          subTitle={`您没有「${page.title}」的访问权限，请联系管理员。`}
          extra={<Button onClick={() => navigate(pagePath('home.index'))}>返回首页</Button>}
        />
      </>
    );
  const C = page.component;
  return (
    <>
      <RecordVisit page={page} />
      <PageHeader page={page} title={title} />
      <Suspense
        fallback={
          <Spin style={{ display: 'block', margin: '120px auto' }} description="拼命加载中">
            <div />
          </Spin>
        }
      >
        <C />
      </Suspense>
    </>
  );
}

/**
 * Routes added from the user's menu tree (docs/spec-notes.md#routes dynamic routes): a page item whose routerUrl is not a static path
 * renders the registry component its `component` names. An unknown key says so instead of a blank 404.
 */
export function DynamicRoute() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { data: menus = [] } = useQuery(menuQuery);
  const item = leaves(menus).find((m) => m.routerUrl === pathname);
  if (item) {
    const page = item.component ? pageByKey.get(item.component) : undefined;
    if (page) return <PageView page={page} />;
    return (
      <LazyResult
        status="warning"
        title="页面组件未注册"
        subTitle={`菜单「${item.name}」指向的组件「${item.component ?? '（空）'}」不存在，请在菜单管理中修正。`}
      />
    );
  }
  return (
    <LazyResult
      status="404"
      title="页面不存在"
      subTitle={`找不到 ${pathname}`}
      extra={
        <Button type="primary" onClick={() => navigate(pagePath('home.index'))}>
          返回首页
        </Button>
      }
    />
  );
}
