import { idParam, idsParam } from '@jz/contracts/common';
import {
  LICENCE_AUDIT,
  LICENCE_KINDS,
  licenceAddBody,
  licenceAuditBody,
  licenceAuditQuery,
  licenceEditBody,
  licenceQuery,
} from '@jz/contracts/licence';
import { ok } from '../../../lib/envelope.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { dayjs, nowIso, TZ } from '../../../lib/time.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { ensureDict } from '../../system/dict/dict.repo.ts';
import { defineModule } from '../../types.ts';
import { demoImage } from '../shop/demo-image.ts';
import { EXPIRY_NOTICE_INTERVAL_MS, notifyLicenceExpiry } from './licence.notice.ts';
import * as repo from './licence.repo.ts';

const oplog = (type: 'add' | 'edit' | 'delete') => ({ title: '我的证照', type });

export default defineModule({
  name: 'licence',
  order: 61,
  async seed({ db }) {
    await ensureDict(db, 'licence_kind', '证照类型', [
      ...LICENCE_KINDS.map((k) => ({ label: k.label, value: k.value, tag: 'blue' })),
    ]);
    await ensureDict(
      db,
      'licence_audit_status',
      '证照审核状态',
      LICENCE_AUDIT.map((a) => ({ ...a })),
    );
  },
  /** Both merchants get licences; merchant A's 健康证 expires in 12 days, merchant B's food licence has expired. */
  async seedDemo({ db, demo }) {
    const day = (n: number) => dayjs().tz(TZ).add(n, 'day').format('YYYY-MM-DD');
    const now = nowIso();
    const row = (
      merchantId: number,
      kind: string,
      number: string,
      validFrom: string,
      validTo: string | null,
      auditStatus: number,
      name: string | null = null,
    ) => ({
      merchantId,
      kind,
      name,
      number,
      imageUrl: demoImage(LICENCE_KINDS.find((k) => k.value === kind)?.label ?? '证照', '#1677ff'),
      validFrom,
      validTo,
      auditStatus,
      auditReason: null,
      auditedAt: auditStatus ? now : null,
      auditedBy: auditStatus ? demo.adminId : null,
      createdAt: now,
      updatedAt: now,
    });
    await db
      .insertInto('licence')
      .values([
        row(demo.merchantA.id, 'yyzz', '91140802MA0K1234X5', day(-700), null, 1),
        row(demo.merchantA.id, 'jkz', 'JKZ2025140800123', day(-353), day(12), 1, '李阿姨'),
        row(demo.merchantA.id, 'other', 'JZFW-2026-0088', day(-10), day(355), 0, '家政服务资质'),
        row(demo.merchantB.id, 'yyzz', '91140105MA0L5678Y2', day(-400), day(1425), 1),
        row(demo.merchantB.id, 'spjy', 'JY11401050012345', day(-1830), day(-5), 1),
      ])
      .execute();
  },
  routes(app) {
    // Expiry reminders by message: once at start (what came due while no instance ran), then every 15 minutes.
    const tick = () =>
      app.metrics
        .job('licence_expiry_notice', () => notifyLicenceExpiry(app.db))
        .catch((err) => app.log.error({ err }, 'licence expiry reminder failed'));
    app.addHook('onReady', async () => void (await tick()));
    const timer = setInterval(() => void tick(), EXPIRY_NOTICE_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    const base = '/tmpl/api/merchant/licence';
    app.get(
      `${base}/findAllByPage`,
      { schema: { querystring: licenceQuery }, config: { perm: 'merchant:account:licence' } },
      async (req) => {
        const t = await tenantOf(app.db, req);
        return ok(await repo.pageLicences(app.db, req.query, t.merchantId), 'ok');
      },
    );
    app.get(
      `${base}/detail`,
      { schema: { querystring: idParam }, config: { perm: 'merchant:account:licence' } },
      async (req) => ok(await repo.licenceDetail(app.db, await tenantOf(app.db, req), req.query.id), 'ok'),
    );
    /** For the landing page: licence numbers and dates, so holders of 我的证照 only (the page hides it from others). */
    app.get(`${base}/expiring`, { config: { perm: 'merchant:account:licence' } }, async (req) =>
      ok(await repo.expiring(app.db, await tenantOf(app.db, req)), 'ok'),
    );
    app.post(
      `${base}/add`,
      { schema: { body: licenceAddBody }, config: { perm: 'merchant:account:licenceAdd', oplog: oplog('add') } },
      async (req) => ok(await repo.addLicence(app.db, await tenantOf(app.db, req), req.body), '已提交审核'),
    );
    app.post(
      `${base}/edit`,
      { schema: { body: licenceEditBody }, config: { perm: 'merchant:account:licenceEdit', oplog: oplog('edit') } },
      async (req) => {
        const { id, ...v } = req.body;
        await repo.editLicence(app.db, await tenantOf(app.db, req), id, v);
        return ok(null, '已提交审核');
      },
    );
    app.delete(
      `${base}/delByIds/:ids`,
      { schema: { params: idsParam }, config: { perm: 'merchant:account:licenceDel', oplog: oplog('delete') } },
      async (req) => {
        await repo.deleteLicences(app.db, await tenantOf(app.db, req), req.params.ids);
        return ok(null);
      },
    );

    // Platform 证照审核.
    const sys = '/tmpl/api/sys/licence';
    app.get(
      `${sys}/findAllByPage`,
      { schema: { querystring: licenceAuditQuery }, config: { perm: 'sys:licence:list' } },
      async (req) => ok(await repo.pageLicences(app.db, req.query), 'ok'),
    );
    app.get(`${sys}/detail`, { schema: { querystring: idParam }, config: { perm: 'sys:licence:list' } }, async (req) =>
      ok(await repo.auditDetail(app.db, req.query.id), 'ok'),
    );
    app.post(
      `${sys}/audit`,
      {
        schema: { body: licenceAuditBody },
        config: { perm: 'sys:licence:audit', oplog: { title: '证照审核', type: 'edit' } },
      },
      async (req) => {
        await repo.audit(app.db, currentUser(req).id, req.body);
        return ok(null, req.body.auditStatus === 1 ? '已通过' : '已驳回');
      },
    );
  },
});
