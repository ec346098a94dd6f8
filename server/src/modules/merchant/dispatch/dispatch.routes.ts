import { dispatchApi as c } from '@jz/contracts/api/dispatch';
import { ok } from '../../../lib/envelope.ts';
import { sendTable } from '../../../lib/export/table-export.ts';
import { route } from '../../../lib/route.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { currentUser } from '../../../plugins/auth.ts';
import type { App } from '../../types.ts';
import { board } from './board.ts';
import { daySheet, daySheetTable } from './day-sheet.ts';
import { addLeave, checkLeave, listLeaves, removeLeave } from '../scheduling/leave.ts';
import { removeException, saveException } from '../scheduling/shift-exception.ts';
import { rota } from './rota.ts';
import { suggest } from '../scheduling/suggest.ts';

/**
 * 派单看板 (docs/dispatch.md): registered from packages/contracts/src/api/dispatch.ts. The board's 派单 (`assign`) is
 * the order's assignment transition and is registered by the order module; this module reads orders and the schedule
 * and imports nothing of the order module.
 */
export function dispatchRoutes(app: App) {
  route(app, c.board, async (req) => ok(await board(app.db, await tenantOf(app.db, req), req.query), 'ok'));
  route(app, c.daySheet, async (req) => ok(await daySheet(app.db, await tenantOf(app.db, req), req.query), 'ok'));
  // 派工单 as Excel (.xlsx) by default, `format=csv` for CSV: lib/export, like every table export of the console.
  route(app, c.daySheetExport, async (req, reply) => {
    const { format, ...q } = req.body;
    const sheet = await daySheet(app.db, await tenantOf(app.db, req), q);
    return sendTable(reply, format, daySheetTable(sheet, q.employeeId !== undefined));
  });
  route(app, c.suggest, async (req) => ok(await suggest(app.db, await tenantOf(app.db, req), req.query.orderId), 'ok'));
  route(app, c.leaves, async (req) =>
    ok(await listLeaves(app.db, await tenantOf(app.db, req), req.query.employeeId), 'ok'),
  );
  route(app, c.addLeave, async (req) =>
    ok(await addLeave(app.db, await tenantOf(app.db, req), req.body, currentUser(req).id)),
  );
  route(app, c.checkLeave, async (req) => ok(await checkLeave(app.db, await tenantOf(app.db, req), req.query), 'ok'));
  route(app, c.rota, async (req) => ok(await rota(app.db, await tenantOf(app.db, req), req.query), 'ok'));
  route(app, c.saveShiftException, async (req) =>
    ok(await saveException(app.db, await tenantOf(app.db, req), req.body, currentUser(req).id)),
  );
  route(app, c.removeShiftException, async (req) => {
    await removeException(app.db, await tenantOf(app.db, req), req.params.id);
    return ok(null);
  });
  route(app, c.removeLeave, async (req) => {
    await removeLeave(app.db, await tenantOf(app.db, req), req.params.id);
    return ok(null);
  });
}
