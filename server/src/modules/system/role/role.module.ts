import { defineModule } from '../../types.ts';
import { seedRoles } from './role.seed.ts';

export default defineModule({
  name: 'role',
  order: 20,
  seed: ({ db }) => seedRoles(db),
});
