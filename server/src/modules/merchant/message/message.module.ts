import { defineModule } from '../../types.ts';
import { messageRoutes } from './message.routes.ts';
import { seedMessageDemo, seedMessageDicts } from './message.seed.ts';

/** Messages: the merchant users' own messages and the platform's broadcasts. */
export default defineModule({
  name: 'message',
  order: 60,
  routes: messageRoutes,
  seed: seedMessageDicts,
  seedDemo: seedMessageDemo,
});
