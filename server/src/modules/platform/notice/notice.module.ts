import { idParam, idsParam } from '@jz/contracts/common';
import { noticeAddBody, noticeEditBody, noticeQuery, publishedNoticeQuery } from '@jz/contracts/notice';
import { ok } from '../../../lib/envelope.ts';
import { isoAfter, nowIso } from '../../../lib/time.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { ensureDict } from '../../system/dict/dict.repo.ts';
import { defineModule } from '../../types.ts';
import * as repo from './notice.repo.ts';

const oplog = (type: 'add' | 'edit' | 'delete') => ({ title: '通知公告', type });

/** spec §7 /api/app/tongzhi. Content is rich text, cleaned before storing; merchants read the published ones. */
export default defineModule({
  name: 'notice',
  order: 60,
  async seed({ db }) {
    await ensureDict(db, 'notice_type', '公告类型', [
      { label: '通知', value: '1', tag: 'blue' },
      { label: '公告', value: '2', tag: 'green' },
    ]);
  },
  async seedDemo({ db, demo }) {
    const now = nowIso();
    const rows = [
      {
        title: '平台结算规则调整通知',
        content: '<p>自下月 1 日起，订单完成后 <strong>T+7</strong> 天可提现，佣金比例保持 5% 不变。</p>',
        type: '1',
        publishedAt: isoAfter(-3 * 86400_000),
      },
      {
        title: '春节期间服务安排公告',
        content: '<p>春节期间请各商家提前安排好员工排班，并在店铺设置中更新营业时间。</p>',
        type: '2',
        publishedAt: isoAfter(-86400_000),
      },
      {
        title: '新版商家后台上线预告',
        content: '<p>新版后台将于下周上线，届时支持批量上下架。</p>',
        type: '2',
        publishedAt: isoAfter(7 * 86400_000),
      },
    ];
    await db
      .insertInto('notice')
      .values(rows.map((r) => ({ ...r, status: 0, createdBy: demo.adminId, createdAt: now, updatedAt: now })))
      .execute();
  },
  routes(app) {
    const base = '/tmpl/api/app/tongzhi';
    app.get(
      `${base}/findAllByPage`,
      { schema: { querystring: noticeQuery }, config: { perm: 'platform:notice:list' } },
      async (req) => ok(await repo.pageNotices(app.db, req.query), 'ok'),
    );
    /** Published notices for every signed-in user (merchants read them in their console). */
    app.get(
      `${base}/published/findAllByPage`,
      { schema: { querystring: publishedNoticeQuery }, config: { signedIn: true } },
      async (req) => ok(await repo.pagePublished(app.db, req.query), 'ok'),
    );
    app.get(
      `${base}/published/findById/:id`,
      { schema: { params: idParam }, config: { signedIn: true } },
      async (req) => ok(await repo.findPublished(app.db, req.params.id), 'ok'),
    );
    app.post(
      `${base}/add`,
      { schema: { body: noticeAddBody }, config: { perm: 'platform:notice:add', oplog: oplog('add') } },
      async (req) => ok(await repo.addNotice(app.db, currentUser(req).id, req.body)),
    );
    app.post(
      `${base}/edit`,
      { schema: { body: noticeEditBody }, config: { perm: 'platform:notice:edit', oplog: oplog('edit') } },
      async (req) => {
        const { id, ...v } = req.body;
        await repo.editNotice(app.db, id, v);
        return ok(null);
      },
    );
    app.delete(
      `${base}/delByIds/:ids`,
      { schema: { params: idsParam }, config: { perm: 'platform:notice:del', oplog: oplog('delete') } },
      async (req) => {
        await repo.deleteNotices(app.db, req.params.ids);
        return ok(null);
      },
    );
  },
});
