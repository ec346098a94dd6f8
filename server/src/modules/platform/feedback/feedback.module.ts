import { feedbackAddBody, feedbackQuery, feedbackSetStateBody, myFeedbackQuery } from '@jz/contracts/feedback';
import { ok } from '../../../lib/envelope.ts';
import { forbidden } from '../../../lib/errors.ts';
import { isoAfter, nowIso } from '../../../lib/time.ts';
import { currentUser } from '../../../plugins/auth.ts';
import { ensureDict } from '../../system/dict/dict.repo.ts';
import { defineModule } from '../../types.ts';
import * as repo from './feedback.repo.ts';

/**
 * spec §7 /api/app/fankui: the platform lists and handles (setState with a reply); merchants send feedback from
 * their console and follow their own merchant's feedback.
 */
export default defineModule({
  name: 'feedback',
  order: 60,
  async seed({ db }) {
    await ensureDict(db, 'feedback_type', '反馈类型', [
      { label: '功能建议', value: '1', tag: 'blue' },
      { label: '问题反馈', value: '2', tag: 'orange' },
      { label: '投诉', value: '3', tag: 'red' },
      { label: '其他', value: '4', tag: 'default' },
    ]);
    await ensureDict(db, 'feedback_state', '反馈处理状态', [
      { label: '未处理', value: '0', tag: 'warning' },
      { label: '已处理', value: '1', tag: 'success' },
    ]);
  },
  async seedDemo({ db, demo }) {
    const now = nowIso();
    const a = demo.merchantA;
    const b = demo.merchantB;
    await db
      .insertInto('feedback')
      .values([
        {
          userId: a.ownerId,
          merchantId: a.id,
          type: '1',
          content: '希望订单列表能按服务日期筛选，方便安排员工。',
          images: '[]',
          contact: '13800000001',
          state: 0,
          reply: null,
          handledBy: null,
          handledAt: null,
          createdAt: isoAfter(-2 * 86400_000),
          updatedAt: now,
        },
        {
          userId: a.subId,
          merchantId: a.id,
          type: '2',
          content: '接单提示音在部分浏览器不响，请排查。',
          images: '[]',
          contact: null,
          state: 1,
          reply: '已修复，请刷新页面后重试。',
          handledBy: demo.adminId,
          handledAt: now,
          createdAt: isoAfter(-5 * 86400_000),
          updatedAt: now,
        },
        {
          userId: b.ownerId,
          merchantId: b.id,
          type: '3',
          content: '提现到账比承诺的时间晚了两天。',
          images: '[]',
          contact: '0351-7654321',
          state: 0,
          reply: null,
          handledBy: null,
          handledAt: null,
          createdAt: isoAfter(-86400_000),
          updatedAt: now,
        },
      ])
      .execute();
  },
  routes(app) {
    const base = '/tmpl/api/app/fankui';
    app.get(
      `${base}/findAllByPage`,
      { schema: { querystring: feedbackQuery }, config: { perm: 'platform:feedback:list' } },
      async (req) => ok(await repo.pageFeedback(app.db, req.query), 'ok'),
    );
    app.post(
      `${base}/setState`,
      {
        schema: { body: feedbackSetStateBody },
        config: { perm: 'platform:feedback:handle', oplog: { title: '意见反馈', type: 'edit' } },
      },
      async (req) => {
        await repo.handleFeedback(app.db, req.body.id, currentUser(req).id, req.body.reply);
        return ok(null, '已处理');
      },
    );

    // Merchant side: send feedback, follow the merchant's own.
    app.post(
      `${base}/add`,
      {
        schema: { body: feedbackAddBody },
        config: { perm: 'merchant:feedback:add', oplog: { title: '意见反馈', type: 'add' } },
      },
      async (req) => {
        const me = currentUser(req);
        if (me.userType !== 'merchant' || me.merchantId === null) throw forbidden('只有商家账号可以提交反馈');
        return ok(
          await repo.addFeedback(app.db, { ...req.body, userId: me.id, merchantId: me.merchantId }),
          '反馈已提交，感谢您的建议',
        );
      },
    );
    app.get(
      `${base}/mine/findAllByPage`,
      { schema: { querystring: myFeedbackQuery }, config: { perm: 'merchant:feedback:list' } },
      async (req) => {
        const me = currentUser(req);
        if (me.userType !== 'merchant' || me.merchantId === null) throw forbidden('只有商家账号可以查看');
        return ok(await repo.pageMine(app.db, me.merchantId, req.query), 'ok');
      },
    );
  },
});
