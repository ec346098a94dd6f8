import { defineModule } from '../../types.ts';
import { bannerRoutes } from './banner.routes.ts';
import { seedBannerDemo, seedBannerDicts } from './banner.seed.ts';

/** spec §7 /api/app/lunbotu: banners with image, link, position, sort, status and publish window. */
export default defineModule({
  name: 'banner',
  order: 60,
  routes: bannerRoutes,
  seed: seedBannerDicts,
  seedDemo: seedBannerDemo,
});
