import { idsParam } from '@jz/contracts/common';
import { qaAddBody, qaEditBody, qaQuery } from '@jz/contracts/qa';
import { ok } from '../../../lib/envelope.ts';
import { nowIso } from '../../../lib/time.ts';
import { ensureDict } from '../../system/dict/dict.repo.ts';
import { defineModule } from '../../types.ts';
import * as repo from './qa.repo.ts';

const oplog = (type: 'add' | 'edit' | 'delete') => ({ title: '常见问题', type });

/** spec §7 /api/app/qa: question, rich-text answer (cleaned), category, sort, status. */
export default defineModule({
  name: 'qa',
  order: 60,
  async seed({ db }) {
    await ensureDict(db, 'qa_category', '常见问题分类', [
      { label: '账号与登录', value: 'account', tag: 'blue' },
      { label: '店铺与商品', value: 'shop', tag: 'cyan' },
      { label: '订单与服务', value: 'order', tag: 'green' },
      { label: '结算与提现', value: 'finance', tag: 'gold' },
      { label: '其他', value: 'other', tag: 'default' },
    ]);
  },
  async seedDemo({ db }) {
    const now = nowIso();
    const rows = [
      {
        question: '如何新增分店？',
        answer: '<p>进入「店铺管理 - 分店管理」，点击新增并填写分店信息，审核通过后即可接单。</p>',
        category: 'shop',
        sort: 1,
      },
      {
        question: '订单完成后多久可以提现？',
        answer: '<p>订单完成后 T+7 天结算为可提现金额，最低提现 10 元。</p>',
        category: 'finance',
        sort: 1,
      },
      {
        question: '顾客的核销码在哪里输入？',
        answer: '<p>在「验券管理」输入顾客出示的 12 位核销码即可开始服务。</p>',
        category: 'order',
        sort: 1,
      },
      {
        question: '忘记密码怎么办？',
        answer: '<p>后台使用短信验证码登录，无需密码；如需设置密码，可在「我的账号」中修改。</p>',
        category: 'account',
        sort: 1,
      },
    ];
    await db
      .insertInto('qa')
      .values(rows.map((r) => ({ ...r, status: 0, createdAt: now, updatedAt: now })))
      .execute();
  },
  routes(app) {
    const base = '/tmpl/api/app/qa';
    app.get(
      `${base}/findAllByPage`,
      { schema: { querystring: qaQuery }, config: { perm: 'platform:qa:list' } },
      async (req) => ok(await repo.pageQa(app.db, req.query), 'ok'),
    );
    /** Enabled Q&A for every signed-in user (merchants read them in their console). */
    app.get(`${base}/published/findAllByList`, { config: { signedIn: true } }, async () =>
      ok(await repo.listPublished(app.db), 'ok'),
    );
    app.post(
      `${base}/add`,
      { schema: { body: qaAddBody }, config: { perm: 'platform:qa:add', oplog: oplog('add') } },
      async (req) => ok(await repo.addQa(app.db, req.body)),
    );
    app.post(
      `${base}/edit`,
      { schema: { body: qaEditBody }, config: { perm: 'platform:qa:edit', oplog: oplog('edit') } },
      async (req) => {
        const { id, ...v } = req.body;
        await repo.editQa(app.db, id, v);
        return ok(null);
      },
    );
    app.delete(
      `${base}/delByIds/:ids`,
      { schema: { params: idsParam }, config: { perm: 'platform:qa:del', oplog: oplog('delete') } },
      async (req) => {
        await repo.deleteQa(app.db, req.params.ids);
        return ok(null);
      },
    );
  },
});
