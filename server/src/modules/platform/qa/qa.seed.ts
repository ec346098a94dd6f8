import { STATUS_FLAG } from '@jz/contracts/common';
import { nowIso } from '../../../lib/time.ts';
import { ensureDict } from '../../system/dict/dict.service.ts';
import type { SeedCtx } from '../../types.ts';
import './qa.tables.ts';

/** Base dictionary of Q&A categories (every start, idempotent). */
export async function seedQaDicts({ db }: SeedCtx) {
  await ensureDict(db, 'qa_category', '常见问题分类', [
    { label: '账号与登录', value: 'account', tag: 'blue' },
    { label: '店铺与商品', value: 'shop', tag: 'cyan' },
    { label: '订单与服务', value: 'order', tag: 'green' },
    { label: '结算与提现', value: 'finance', tag: 'gold' },
    { label: '其他', value: 'other', tag: 'default' },
  ]);
}

/** Demo questions, one per main category. */
export async function seedQaDemo({ db }: SeedCtx) {
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
    .values(rows.map((r) => ({ ...r, status: STATUS_FLAG.ENABLED, createdAt: now, updatedAt: now })))
    .execute();
}
