import { defineModule } from '../../types.ts';
import { feedbackRoutes } from './feedback.routes.ts';
import { seedFeedbackDemo, seedFeedbackDicts } from './feedback.seed.ts';

/**
 * /api/app/fankui in docs/spec-notes.md#calls: the platform lists and handles (setState with a reply); merchants send feedback from
 * their console and follow their own merchant's feedback.
 */
export default defineModule({
  name: 'feedback',
  order: 60,
  routes: feedbackRoutes,
  seed: seedFeedbackDicts,
  seedDemo: seedFeedbackDemo,
});
