import { jinjianApi as c } from '@jz/contracts/api/jinjian';
import { JINJIAN_KIND } from '@jz/contracts/jinjian';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import type { App } from '../../types.ts';
import * as service from './jinjian.service.ts';
import { providerFor } from './provider/index.ts';

/**
 * Payment onboarding in docs/spec-notes.md#calls, registered from its contracts (packages/contracts/src/api/jinjian.ts). Submissions are
 * logged by the oplog plugin with ID, card numbers and codes redacted (the field names idCardNo, legalIdCardNo,
 * cardNo, licenseCode, branchCode match its secret-key pattern).
 */
export function jinjianRoutes(app: App) {
  // Reads and checks the HUIFU_* configuration now, so a bad one stops the start with a readable error.
  providerFor(app);
  route(app, c.submitGeren, async (req) =>
    ok(
      await service.submit(app, await tenantOf(app.db, req), JINJIAN_KIND.INDIVIDUAL, req.body),
      '进件资料已提交，等待审核',
    ),
  );
  route(app, c.submitQiye, async (req) =>
    ok(
      await service.submit(app, await tenantOf(app.db, req), JINJIAN_KIND.COMPANY, req.body),
      '进件资料已提交，等待审核',
    ),
  );
  route(app, c.state, async (req) => ok(await service.query(app, await tenantOf(app.db, req)), 'ok'));
}
