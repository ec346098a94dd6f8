import { clientApi as c } from '@jz/contracts/api/client';
import { CLIENT_SOURCE_NAMES } from '@jz/contracts/client';
import { ok } from '../../../lib/envelope.ts';
import type { ExportColumn } from '../../../lib/export/table-export.ts';
import { sendTable } from '../../../lib/export/table-export.ts';
import { route } from '../../../lib/route.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { dayjs, TZ } from '../../../lib/time.ts';
import type { App } from '../../types.ts';
import * as repo from './client.repo.ts';

const time = (iso: string | null) => (iso ? dayjs(iso).tz(TZ).format('YYYY-MM-DD HH:mm') : '');

const EXPORT_COLUMNS: ExportColumn[] = [
  { header: '客户', width: 12 },
  { header: '手机号', width: 14 },
  { header: '标签', width: 24 },
  { header: '默认地址', width: 40 },
  { header: '订单数', width: 8, kind: 'integer' },
  { header: '消费金额（元）', width: 14, kind: 'money' },
  { header: '最近下单', width: 20 },
  { header: '次卡剩余次数', width: 12, kind: 'integer' },
  { header: '储值卡余额（元）', width: 16, kind: 'money' },
  { header: '来源', width: 10 },
  { header: '所属店铺', width: 16 },
  { header: '建档时间', width: 20 },
];

/** 客户档案 (docs/customers.md), registered from their contracts (packages/contracts/src/api/client.ts). */
export function clientRoutes(app: App) {
  const t = (req: Parameters<typeof tenantOf>[1]) => tenantOf(app.db, req);
  route(app, c.page, async (req) => ok(await repo.page(app.db, await t(req), req.query), 'ok'));
  route(app, c.detail, async (req) => ok(await repo.detail(app.db, await t(req), req.params.id), 'ok'));
  route(app, c.orders, async (req) => ok(await repo.orders(app.db, await t(req), req.query), 'ok'));
  route(app, c.reviews, async (req) => ok(await repo.reviews(app.db, await t(req), req.query), 'ok'));
  route(app, c.add, async (req) => ok(await repo.add(app.db, await t(req), req.body)));
  route(app, c.edit, async (req) => {
    await repo.edit(app.db, await t(req), req.body);
    return ok(null);
  });
  route(app, c.remove, async (req) => {
    await repo.anonymise(app.db, await t(req), req.params.id);
    return ok(null);
  });
  route(app, c.addAddress, async (req) => ok(await repo.addAddress(app.db, await t(req), req.body)));
  route(app, c.editAddress, async (req) => {
    await repo.editAddress(app.db, await t(req), req.body);
    return ok(null);
  });
  route(app, c.removeAddress, async (req) => {
    await repo.removeAddress(app.db, await t(req), req.params.id);
    return ok(null);
  });
  route(app, c.addNote, async (req) => ok(await repo.addNote(app.db, await t(req), req.body)));
  route(app, c.setPrefs, async (req) => {
    await repo.setPrefs(app.db, await t(req), req.body);
    return ok(null);
  });
  route(app, c.export, async (req, reply) => {
    const { format, ...filters } = req.body;
    const rows = await repo.exportRows(app.db, await t(req), filters);
    return sendTable(reply, format, {
      fileName: '客户',
      asciiName: 'clients',
      sheets: [
        {
          name: '客户',
          columns: EXPORT_COLUMNS,
          rows: rows.map((r) => [
            r.name,
            r.phone,
            r.tags.join('、'),
            r.defaultAddress ?? '',
            r.orderCount,
            r.totalSpent,
            time(r.lastOrderAt),
            r.cardBalance?.visits ?? 0,
            r.cardBalance?.value ?? 0,
            CLIENT_SOURCE_NAMES[r.source],
            r.shopName ?? '',
            time(r.createdAt),
          ]),
        },
      ],
    });
  });
}
