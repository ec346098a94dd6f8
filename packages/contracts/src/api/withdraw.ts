import { z } from 'zod';
import { defineContract, idResult, noResult, pageOf } from '../contract.ts';
import {
  bankCardBody,
  bankCardRow,
  bindCardBody,
  bindingQuery,
  bindingRecord,
  cardConfirmBody,
  cardIdBody,
  codeSent,
  stepUpInfo,
  withdrawalRow,
  withdrawBody,
  withdrawQuery,
  withdrawTarget,
} from '../finance.ts';

const base = '/api/app/jiazheng/caiwu';
const oplog = (type: 'add' | 'edit' | 'other') => ({ title: '财务管理', type });

/**
 * Withdrawals (提现): each request needs a step-up code sent to the merchant owner's phone for this amount
 * to this card (docs/security.md). `add` takes an optional Idempotency-Key header: a retry answers the first answer.
 */
export const withdrawApi = {
  stepUpInfo: defineContract({
    method: 'GET',
    path: `${base}/tixian/findYanzheng`,
    summary: '提现验证信息：验证码发往的主账号手机（脱敏）与新卡等待时长',
    access: { perm: 'merchant:finance:withdraw' },
    result: stepUpInfo,
  }),
  sendCode: defineContract({
    method: 'POST',
    path: `${base}/tixian/sendCode`,
    summary: '发送提现验证码（绑定本次金额与银行卡）',
    access: { perm: 'merchant:finance:withdraw' },
    oplog: oplog('other'),
    body: withdrawTarget,
    result: codeSent,
  }),
  add: defineContract({
    method: 'POST',
    path: `${base}/tixian/add`,
    summary: '申请提现（需主账号验证码）',
    access: { perm: 'merchant:finance:withdraw' },
    oplog: oplog('add'),
    body: withdrawBody,
    result: withdrawalRow,
  }),
  page: defineContract({
    method: 'GET',
    path: `${base}/tixian/findAllByPage`,
    summary: '提现记录分页列表',
    access: { perm: 'merchant:finance:withdrawList' },
    query: withdrawQuery,
    result: pageOf(withdrawalRow),
  }),
};

/** Payout bank cards (绑定银行卡): binding and confirming need the owner's step-up code (docs/security.md). */
export const bankCardApi = {
  // Read by two pages (提现 and 绑定记录): the handler demands either page's code.
  list: defineContract({
    method: 'GET',
    path: `${base}/bangka/findAllByList`,
    summary: '已绑定的银行卡（卡号脱敏）',
    access: { signedIn: true },
    result: z.array(bankCardRow),
  }),
  bindingPage: defineContract({
    method: 'GET',
    path: `${base}/bangka/findJiluByPage`,
    summary: '银行卡绑定与解绑记录分页列表',
    access: { perm: 'merchant:finance:card' },
    query: bindingQuery,
    result: pageOf(bindingRecord),
  }),
  stepUpInfo: defineContract({
    method: 'GET',
    path: `${base}/bangka/findYanzheng`,
    summary: '绑卡验证信息：验证码发往的主账号手机（脱敏）、等待时长与可绑定的开户名',
    access: { perm: 'merchant:finance:bind' },
    result: stepUpInfo,
  }),
  sendCode: defineContract({
    method: 'POST',
    path: `${base}/bangka/sendCode`,
    summary: '发送绑卡验证码（绑定本张卡的卡号、开户名与类型）',
    access: { perm: 'merchant:finance:bind' },
    oplog: oplog('other'),
    body: bankCardBody,
    result: codeSent,
  }),
  bind: defineContract({
    method: 'POST',
    path: `${base}/bangka/add`,
    summary: '绑定银行卡（需主账号验证码）',
    access: { perm: 'merchant:finance:bind' },
    oplog: oplog('add'),
    body: bindCardBody,
    result: idResult,
  }),
  sendConfirmCode: defineContract({
    method: 'POST',
    path: `${base}/bangka/queren/sendCode`,
    summary: '发送确认银行卡的验证码（主账号）',
    access: { perm: 'merchant:finance:bind' },
    oplog: oplog('other'),
    body: cardIdBody,
    result: codeSent,
  }),
  confirm: defineContract({
    method: 'POST',
    path: `${base}/bangka/queren`,
    summary: '主账号确认子账号绑定的银行卡（确认后可立即提现）',
    access: { perm: 'merchant:finance:bind' },
    oplog: oplog('edit'),
    body: cardConfirmBody,
    result: noResult,
  }),
  unbind: defineContract({
    method: 'POST',
    path: `${base}/bangka/jiebang`,
    summary: '解绑银行卡',
    access: { perm: 'merchant:finance:unbind' },
    oplog: oplog('edit'),
    body: cardIdBody,
    result: noResult,
  }),
};
