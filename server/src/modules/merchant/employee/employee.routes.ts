import { employeeApi as c } from '@jz/contracts/api/employee';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import type { App } from '../../types.ts';
import * as repo from './employee.repo.ts';

/** Employees (yuangong) in docs/spec-notes.md#calls, registered from their contracts (packages/contracts/src/api/employee.ts). */
export function employeeRoutes(app: App) {
  route(app, c.page, async (req) => ok(await repo.page(app.db, await tenantOf(app.db, req), req.query), 'ok'));
  route(app, c.list, async (req) => ok(await repo.list(app.db, await tenantOf(app.db, req), req.query), 'ok'));
  route(app, c.detail, async (req) =>
    ok(await repo.findById(app.db, await tenantOf(app.db, req), req.params.id), 'ok'),
  );
  route(app, c.add, async (req) => ok(await repo.add(app.db, await tenantOf(app.db, req), req.body)));
  route(app, c.edit, async (req) => {
    await repo.edit(app.db, await tenantOf(app.db, req), req.body);
    return ok(null);
  });
  route(app, c.checkHours, async (req) =>
    ok(await repo.checkHours(app.db, await tenantOf(app.db, req), req.query), 'ok'),
  );
  route(app, c.remove, async (req) => {
    await repo.remove(app.db, await tenantOf(app.db, req), req.params.ids);
    return ok(null);
  });
}
