import {
  agreementBody,
  agreementEdit,
  agreementQuery,
  myAgreementQuery,
  publishBody,
  signatureAdminQuery,
  signBody,
} from '@jz/contracts/agreement';
import { idParam, idsParam } from '@jz/contracts/common';
import { ok } from '../../../lib/envelope.ts';
import { sanitizeRichText } from '../../../lib/sanitize.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { currentUser } from '../../../plugins/auth.ts';
import type { App } from '../../types.ts';
import { sendToMerchants } from '../message/message.service.ts';
import * as repo from './agreement.repo.ts';

/**
 * Agreements (issue 11; spec §7 names no calls for them). Merchant side under /api/app/jiazheng/xieyi, scoped to the
 * caller's merchant; the platform toolkit under /api/app/xieyi.
 */
export function agreementRoutes(app: App) {
  const base = '/tmpl/api/app/jiazheng/xieyi';

  // Every merchant user may see what is pending (the landing page warns about it); signing needs the permission.
  app.get(`${base}/findDaiqianList`, { config: { signedIn: true } }, async (req) => {
    const t = await tenantOf(app.db, req);
    return ok(await repo.pendingFor(app.db, t.merchantId), 'ok');
  });

  app.post(
    `${base}/qianshu`,
    {
      schema: { body: signBody },
      config: { perm: 'merchant:agreement:sign', oplog: { title: '协议签署', type: 'add' } },
    },
    async (req) => {
      const t = await tenantOf(app.db, req);
      const { record, created } = await repo.sign(app.db, { merchantId: t.merchantId, userId: t.user.id }, req.body, {
        ip: req.ip ?? null,
        userAgent: req.headers['user-agent'] ?? null,
      });
      return ok(record, created ? '签署成功' : '该版本已签署');
    },
  );

  app.get(
    `${base}/findMyByPage`,
    { schema: { querystring: myAgreementQuery }, config: { perm: 'merchant:agreement:list' } },
    async (req) => {
      const t = await tenantOf(app.db, req);
      return ok(await repo.pageMine(app.db, t.merchantId, req.query), 'ok');
    },
  );

  app.get(
    `${base}/findQianshuById/:id`,
    { schema: { params: idParam }, config: { perm: 'merchant:agreement:list' } },
    async (req) => {
      const t = await tenantOf(app.db, req);
      return ok(await repo.signatureDetail(app.db, t.merchantId, req.params.id), 'ok');
    },
  );

  // ------------------------------------------------------------ platform toolkit
  const p = '/tmpl/api/app/xieyi';
  const oplog = (type: 'add' | 'edit' | 'delete' | 'other') => ({ title: '协议管理', type });

  app.get(
    `${p}/findAllByPage`,
    { schema: { querystring: agreementQuery }, config: { perm: 'platform:agreement:list' } },
    async (req) => ok(await repo.pageAgreements(app.db, req.query), 'ok'),
  );
  app.get(
    `${p}/findById/:id`,
    { schema: { params: idParam }, config: { perm: 'platform:agreement:list' } },
    async (req) => ok(await repo.getAgreement(app.db, req.params.id), 'ok'),
  );
  app.get(
    `${p}/findQianshuByPage`,
    { schema: { querystring: signatureAdminQuery }, config: { perm: 'platform:agreement:list' } },
    async (req) => ok(await repo.pageSignaturesAdmin(app.db, req.query), 'ok'),
  );
  app.post(
    `${p}/add`,
    { schema: { body: agreementBody }, config: { perm: 'platform:agreement:add', oplog: oplog('add') } },
    async (req) =>
      ok(
        await repo.addAgreement(
          app.db,
          { ...req.body, content: sanitizeRichText(req.body.content) },
          currentUser(req).id,
        ),
      ),
  );
  app.post(
    `${p}/edit`,
    { schema: { body: agreementEdit }, config: { perm: 'platform:agreement:edit', oplog: oplog('edit') } },
    async (req) => {
      const { id, ...v } = req.body;
      await repo.editAgreement(app.db, id, {
        ...v,
        ...(v.content !== undefined ? { content: sanitizeRichText(v.content) } : {}),
      });
      return ok(null);
    },
  );
  app.post(
    `${p}/fabu`,
    { schema: { body: publishBody }, config: { perm: 'platform:agreement:publish', oplog: oplog('other') } },
    async (req) => {
      const r = await repo.publishAgreement(app.db, req.body.id, req.body.remark, currentUser(req).id);
      if (r.isNew) {
        const a = r.agreement;
        const what = r.version === 1 ? `平台发布了《${a.title}》` : `《${a.title}》已更新为第 ${r.version} 版`;
        await sendToMerchants(app.db, null, {
          type: 'system',
          title: r.version === 1 ? `新协议：${a.title}` : `协议更新：${a.title}`,
          content: `${what}，请阅读并签署。${a.mustSign ? '该协议为必签协议，签署前将无法申请提现。' : ''}`,
          refType: 'agreement',
          refId: a.id,
        });
      }
      return ok(
        { version: r.version, isNew: r.isNew },
        r.isNew ? `已发布第 ${r.version} 版` : `已重新发布第 ${r.version} 版`,
      );
    },
  );
  app.post(
    `${p}/chehui`,
    { schema: { body: idParam }, config: { perm: 'platform:agreement:publish', oplog: oplog('other') } },
    async (req) => {
      await repo.withdrawAgreement(app.db, req.body.id);
      return ok(null, '已撤回');
    },
  );
  app.delete(
    `${p}/delByIds/:ids`,
    { schema: { params: idsParam }, config: { perm: 'platform:agreement:del', oplog: oplog('delete') } },
    async (req) => {
      await repo.deleteAgreements(app.db, req.params.ids);
      return ok(null);
    },
  );
}
