import { defineModule } from '../../types.ts';
import { bannerRoutes } from './banner.routes.ts';
import { seedBannerDemo, seedBannerDicts } from './banner.seed.ts';

/** /api/app/lunbotu in docs/spec-notes.md#calls: banners with image, link, position, sort, status and publish window. */
export default defineModule({
  name: 'banner',
  order: 60,
  routes: bannerRoutes,
  seed: seedBannerDicts,
  seedDemo: seedBannerDemo,
});
