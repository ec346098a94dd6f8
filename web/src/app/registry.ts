import { type PageDef, registerPages } from '../lib/page-registry.ts';

// Every feature declares its pages in a `pages.ts`; the home page composes several features, so it lives in app/.
const modules = import.meta.glob<{ pages: PageDef[] }>(['../features/**/pages.ts', './home/pages.ts'], { eager: true });

registerPages(Object.values(modules).flatMap((m) => m.pages));

export { assertUniqueRegistry, type PageDef, pageByKey, pageByPath, pages } from '../lib/page-registry.ts';
