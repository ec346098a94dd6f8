import { JINJIAN_KIND, jinjianGerenBody, jinjianQiyeBody } from '@jz/contracts/jinjian';
import { ok } from '../../../lib/envelope.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import type { App } from '../../types.ts';
import * as service from './jinjian.service.ts';
import { providerFor } from './provider/index.ts';

const oplog = { title: '用户进件', type: 'add' as const };

/**
 * spec §7 Payment onboarding. Submissions are logged by the oplog plugin with ID, card numbers and codes redacted
 * (the field names idCardNo, legalIdCardNo, cardNo, licenseCode, branchCode match its secret-key pattern).
 */
export function jinjianRoutes(app: App) {
  // Reads and checks the HUIFU_* configuration now, so a bad one stops the start with a readable error.
  providerFor(app);
  const base = '/tmpl/api/app/jiazheng/pay/huifu';
  app.post(
    `${base}/jinjianGeren`,
    { schema: { body: jinjianGerenBody }, config: { perm: 'merchant:finance:jinjian:submit', oplog } },
    async (req) =>
      ok(
        await service.submit(app, await tenantOf(app.db, req), JINJIAN_KIND.GEREN, req.body),
        '进件资料已提交，等待审核',
      ),
  );
  app.post(
    `${base}/jinjianQiye`,
    { schema: { body: jinjianQiyeBody }, config: { perm: 'merchant:finance:jinjian:submit', oplog } },
    async (req) =>
      ok(
        await service.submit(app, await tenantOf(app.db, req), JINJIAN_KIND.QIYE, req.body),
        '进件资料已提交，等待审核',
      ),
  );
  app.get(`${base}/jinjianQuery`, { config: { perm: 'merchant:finance:jinjian:query' } }, async (req) =>
    ok(await service.query(app, await tenantOf(app.db, req)), 'ok'),
  );
}
