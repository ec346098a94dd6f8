import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { hasPerm } from '../lib/access.tsx';
import { type PageDef, type PageKey, type PageQuery, pageByKey, pagePath } from '../lib/page-registry.ts';

const defOf = (page: PageKey | PageDef) => (typeof page === 'string' ? pageByKey.get(page) : page);

/**
 * Whether the signed-in user may open a page of the registry: it is registered and the user holds its `perm` (the
 * rule PageHost applies before rendering it; the server checks every call again). Buttons that open a page use it to
 * stay away when the page would only answer 没有访问权限.
 */
export function canOpenPage(page: PageKey | PageDef): boolean {
  const def = defOf(page);
  return !!def && hasPerm(def.perm);
}

export interface PageLinkProps {
  /** The registry key of the page (or its definition, for code that walks the registry). */
  page: PageKey | PageDef;
  query?: PageQuery;
  children: ReactNode;
  /** Shown instead when the user cannot open the page; by default the children as plain text. */
  fallback?: ReactNode;
  className?: string;
  'aria-label'?: string;
}

/**
 * The one in-page link to a console page: a router link built by pagePath when the user may open the page,
 * the same words without a link when not, so nobody is sent to a 没有访问权限 screen. `web/src/lib/page-links.test.ts`
 * refuses a raw `<Link to={pagePath(…)}>` anywhere else.
 */
export function PageLink({ page, query, children, fallback, className, 'aria-label': ariaLabel }: PageLinkProps) {
  const def = defOf(page);
  if (!def || !hasPerm(def.perm)) return <>{fallback === undefined ? children : fallback}</>;
  // A PageDef comes from the registry, so its key is a registered one.
  const to = pagePath(def.key as PageKey, query);
  return (
    <Link to={to} className={className} aria-label={ariaLabel}>
      {children}
    </Link>
  );
}
