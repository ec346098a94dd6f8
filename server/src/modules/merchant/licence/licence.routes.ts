import { LICENCE_AUDIT_STATUS } from '@jz/contracts/licence';
import { licenceApi as c } from '@jz/contracts/api/licence';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { currentUser } from '../../../plugins/auth.ts';
import type { App } from '../../types.ts';
import { EXPIRY_NOTICE_INTERVAL_MS, notifyLicenceExpiry } from './licence.notice.ts';
import * as repo from './licence.repo.ts';

/** Licence routes, registered from their contracts (packages/contracts/src/api/licence.ts), and the expiry job. */
export function licenceRoutes(app: App) {
  // Expiry reminders by message: at once on a database that never sent them, then 15 minutes after each run.
  app.scheduler.add({
    name: 'licence_expiry_notice',
    periodMs: EXPIRY_NOTICE_INTERVAL_MS,
    run: () => notifyLicenceExpiry(app.db),
  });

  route(app, c.page, async (req) => {
    const t = await tenantOf(app.db, req);
    return ok(await repo.pageLicences(app.db, req.query, t.merchantId), 'ok');
  });
  route(app, c.detail, async (req) =>
    ok(await repo.licenceDetail(app.db, await tenantOf(app.db, req), req.query.id), 'ok'),
  );
  route(app, c.expiring, async (req) => ok(await repo.expiring(app.db, await tenantOf(app.db, req)), 'ok'));
  route(app, c.add, async (req) =>
    ok(await repo.addLicence(app.db, await tenantOf(app.db, req), req.body), '已提交审核'),
  );
  route(app, c.edit, async (req) => {
    const { id, ...v } = req.body;
    await repo.editLicence(app.db, await tenantOf(app.db, req), id, v);
    return ok(null, '已提交审核');
  });
  route(app, c.remove, async (req) => {
    await repo.deleteLicences(app.db, await tenantOf(app.db, req), req.params.ids);
    return ok(null);
  });

  // Platform 证照审核.
  route(app, c.auditPage, async (req) => ok(await repo.pageLicences(app.db, req.query), 'ok'));
  route(app, c.auditDetail, async (req) => ok(await repo.auditDetail(app.db, req.query.id), 'ok'));
  route(app, c.audit, async (req) => {
    await repo.audit(app.db, currentUser(req).id, req.body);
    return ok(null, req.body.auditStatus === LICENCE_AUDIT_STATUS.APPROVED ? '已通过' : '已驳回');
  });
}
