import { defineModule } from '../../types.ts';
import { uploadRoutes } from './upload.routes.ts';

/** uploads in docs/spec-notes.md#calls (multipart) and the serving of stored files under /tmpl/uploads. */
export default defineModule({
  name: 'upload',
  order: 45,
  routes: uploadRoutes,
});
