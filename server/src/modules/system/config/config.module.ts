import { CONFIG_TEXT_TYPES, configEditBody, configTypeParam } from '@jz/contracts/config';
import { ok } from '../../../lib/envelope.ts';
import { sanitizeRichText } from '../../../lib/sanitize.ts';
import { ensureDict } from '../dict/dict.repo.ts';
import { defineModule } from '../../types.ts';
import { findByType, saveConfig } from './config.repo.ts';

/**
 * spec §7 configuration: GET /api/app/config/findByType/{type} (any signed-in user: merchants read the platform
 * texts too) and POST /api/app/config/edit (platform admins holding sys:config:edit). The rich-text `content` is
 * cleaned with sanitize-html before it is stored.
 */
export default defineModule({
  name: 'config',
  order: 20,
  async seed({ db }) {
    await ensureDict(
      db,
      'sys_config_type',
      '系统配置类型',
      CONFIG_TEXT_TYPES.map((t) => ({ label: t.label, value: t.value, tag: 'blue' })),
    );
  },
  routes(app) {
    const base = '/tmpl/api/app/config';
    app.get(
      `${base}/findByType/:type`,
      { schema: { params: configTypeParam }, config: { signedIn: true } },
      async (req) => ok(await findByType(app.db, req.params.type), 'ok'),
    );
    app.post(
      `${base}/edit`,
      {
        schema: { body: configEditBody },
        config: { perm: 'sys:config:edit', oplog: { title: '系统配置', type: 'edit' } },
      },
      async (req) => {
        const value = { ...req.body.value };
        if (typeof value.content === 'string') value.content = sanitizeRichText(value.content);
        return ok(await saveConfig(app.db, req.body.type, value));
      },
    );
  },
});
