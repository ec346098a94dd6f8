import { defineModule } from '../../types.ts';
import { noticeRoutes } from './notice.routes.ts';
import { seedNoticeDemo, seedNoticeDicts } from './notice.seed.ts';

/** spec §7 /api/app/tongzhi. Content is rich text, cleaned before storing; merchants read the published ones. */
export default defineModule({
  name: 'notice',
  order: 60,
  routes: noticeRoutes,
  seed: seedNoticeDicts,
  seedDemo: seedNoticeDemo,
});
