import { defineModule } from '../../types.ts';
import { noticeRoutes } from './notice.routes.ts';
import { seedNoticeDemo, seedNoticeDicts } from './notice.seed.ts';

/** /api/app/tongzhi in docs/spec-notes.md#calls. Content is rich text, cleaned before storing; merchants read the published ones. */
export default defineModule({
  name: 'notice',
  order: 60,
  routes: noticeRoutes,
  seed: seedNoticeDicts,
  seedDemo: seedNoticeDemo,
});
