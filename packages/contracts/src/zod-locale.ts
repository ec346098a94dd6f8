import { z } from 'zod';

/** Chinese messages for every zod check that has no message of its own. Imported once by each side. */
z.config(z.locales.zhCN());
