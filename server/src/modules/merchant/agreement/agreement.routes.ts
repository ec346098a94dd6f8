import { agreementApi as c } from '@jz/contracts/api/agreement';
import { ok } from '../../../lib/envelope.ts';
import { route } from '../../../lib/route.ts';
import { sanitizeRichText } from '../../../lib/sanitize.ts';
import { tenantOf } from '../../../lib/tenant.ts';
import { currentUser } from '../../../plugins/auth.ts';
import type { App } from '../../types.ts';
import { sendToMerchants } from '../message/message.service.ts';
import * as repo from './agreement.repo.ts';

/**
 * Agreement routes, registered from their contracts (packages/contracts/src/api/agreement.ts): the merchant side is
 * scoped to the caller's merchant; the platform toolkit sees every agreement.
 */
export function agreementRoutes(app: App) {
  route(app, c.pending, async (req) => {
    const t = await tenantOf(app.db, req);
    return ok(await repo.pendingFor(app.db, t.merchantId), 'ok');
  });
  route(app, c.sign, async (req) => {
    const t = await tenantOf(app.db, req);
    const { record, created } = await repo.sign(app.db, { merchantId: t.merchantId, userId: t.user.id }, req.body, {
      ip: req.ip ?? null,
      userAgent: req.headers['user-agent'] ?? null,
    });
    return ok(record, created ? '签署成功' : '该版本已签署');
  });
  route(app, c.minePage, async (req) => {
    const t = await tenantOf(app.db, req);
    return ok(await repo.pageMine(app.db, t.merchantId, req.query), 'ok');
  });
  route(app, c.mySignature, async (req) => {
    const t = await tenantOf(app.db, req);
    return ok(await repo.signatureDetail(app.db, t.merchantId, req.params.id), 'ok');
  });

  // Platform toolkit.
  route(app, c.page, async (req) => ok(await repo.pageAgreements(app.db, req.query), 'ok'));
  route(app, c.detail, async (req) => ok(await repo.getAgreement(app.db, req.params.id), 'ok'));
  route(app, c.signaturePage, async (req) => ok(await repo.pageSignaturesAdmin(app.db, req.query), 'ok'));
  route(app, c.add, async (req) =>
    ok(
      await repo.addAgreement(
        app.db,
        { ...req.body, content: sanitizeRichText(req.body.content) },
        currentUser(req).id,
      ),
    ),
  );
  route(app, c.edit, async (req) => {
    const { id, ...v } = req.body;
    await repo.editAgreement(app.db, id, {
      ...v,
      ...(v.content !== undefined ? { content: sanitizeRichText(v.content) } : {}),
    });
    return ok(null);
  });
  route(app, c.publish, async (req) => {
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
  });
  route(app, c.withdraw, async (req) => {
    await repo.withdrawAgreement(app.db, req.body.id);
    return ok(null, '已撤回');
  });
  route(app, c.remove, async (req) => {
    await repo.deleteAgreements(app.db, req.params.ids);
    return ok(null);
  });
}
