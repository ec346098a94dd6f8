import { idParam, idsParam } from '@jz/contracts/common';
import { employeeAdd, employeeEdit, employeeListQuery, employeeQuery } from '@jz/contracts/employee';
import { ok } from '../../../lib/envelope.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import type { App } from '../../types.ts';
import * as repo from './employee.repo.ts';

const oplog = (type: 'add' | 'edit' | 'delete') => ({ title: '员工管理', type });

/** spec §7 Employees (yuangong). Every call is scoped to the caller's merchant in the repository. */
export function employeeRoutes(app: App) {
  const base = '/tmpl/api/app/jiazheng/yuangong';

  app.get(
    `${base}/weapp/findAllByPage`,
    { schema: { querystring: employeeQuery }, config: { perm: 'merchant:employee:list' } },
    async (req) => ok(await repo.page(app.db, await tenantOf(app.db, req), req.query), 'ok'),
  );

  app.get(
    `${base}/weapp/findAllByList`,
    { schema: { querystring: employeeListQuery }, config: { perm: 'merchant:employee:list' } },
    async (req) => ok(await repo.list(app.db, await tenantOf(app.db, req), req.query), 'ok'),
  );

  app.get(
    `${base}/findById/:id`,
    { schema: { params: idParam }, config: { perm: 'merchant:employee:query' } },
    async (req) => ok(await repo.findById(app.db, await tenantOf(app.db, req), req.params.id), 'ok'),
  );

  app.post(
    `${base}/add`,
    { schema: { body: employeeAdd }, config: { perm: 'merchant:employee:add', oplog: oplog('add') } },
    async (req) => ok(await repo.add(app.db, await tenantOf(app.db, req), req.body)),
  );

  app.post(
    `${base}/edit`,
    { schema: { body: employeeEdit }, config: { perm: 'merchant:employee:edit', oplog: oplog('edit') } },
    async (req) => {
      await repo.edit(app.db, await tenantOf(app.db, req), req.body);
      return ok(null);
    },
  );

  app.delete(
    `${base}/delByIds/:ids`,
    { schema: { params: idsParam }, config: { perm: 'merchant:employee:del', oplog: oplog('delete') } },
    async (req) => {
      await repo.remove(app.db, await tenantOf(app.db, req), req.params.ids);
      return ok(null);
    },
  );
}
