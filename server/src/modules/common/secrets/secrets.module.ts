import { onSecretFailure } from '../../../lib/secret-box.ts';
import { defineModule } from '../../types.ts';

/**
 * Secrets at rest (lib/secret-box.ts) have no routes: this module only sends the alarm of a stored value that does not
 * open (altered in the database, or its key missing from DATA_KEYS) to the server log, as an error naming the field
 * and the row, never the value. The caller itself is refused with 2004.
 */
export default defineModule({
  name: 'secrets',
  order: 1,
  routes(app) {
    onSecretFailure((f) => app.log.error({ secret: f }, 'encrypted value failed to open: altered or key missing'));
  },
});
