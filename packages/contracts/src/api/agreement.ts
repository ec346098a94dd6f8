import { z } from 'zod';
import {
  agreementBody,
  agreementDetail,
  agreementEdit,
  agreementQuery,
  agreementRow,
  myAgreementQuery,
  pendingAgreementRow,
  publishBody,
  publishResult,
  signatureAdminQuery,
  signatureDetail,
  signatureRow,
  signBody,
} from '../agreement.ts';
import { idParam, idsParam } from '../common.ts';
import { defineContract, idResult, noResult, pageOf } from '../contract.ts';

const mine = '/api/app/jiazheng/xieyi';
const admin = '/api/app/xieyi';
const oplog = (type: 'add' | 'edit' | 'delete' | 'other') => ({ title: '协议管理', type });

/**
 * Agreements (协议; docs/spec-notes.md#calls names no calls for them): the merchant signs under /api/app/jiazheng/xieyi
 * (scoped to its merchant); the platform writes, publishes and withdraws them under /api/app/xieyi.
 */
export const agreementApi = {
  // Every merchant user may see what is pending (the landing page warns about it); signing needs the permission.
  pending: defineContract({
    method: 'GET',
    path: `${mine}/findDaiqianList`,
    summary: '待签署的协议（当前版本未签，必签在前）',
    access: { signedIn: true },
    result: z.array(pendingAgreementRow),
  }),
  sign: defineContract({
    method: 'POST',
    path: `${mine}/qianshu`,
    summary: '签署协议的当前版本（重复签署返回首次记录）',
    access: { perm: 'merchant:agreement:sign' },
    oplog: { title: '协议签署', type: 'add' },
    body: signBody,
    result: signatureDetail,
  }),
  minePage: defineContract({
    method: 'GET',
    path: `${mine}/findMyByPage`,
    summary: '本商家的签署记录分页列表',
    access: { perm: 'merchant:agreement:list' },
    query: myAgreementQuery,
    result: pageOf(signatureRow),
  }),
  mySignature: defineContract({
    method: 'GET',
    path: `${mine}/findQianshuById/:id`,
    summary: '一条签署记录与所签文本',
    access: { perm: 'merchant:agreement:list' },
    params: idParam,
    result: signatureDetail,
  }),

  // Platform toolkit.
  page: defineContract({
    method: 'GET',
    path: `${admin}/findAllByPage`,
    summary: '协议分页列表（含当前版本签署数）',
    access: { perm: 'platform:agreement:list' },
    query: agreementQuery,
    result: pageOf(agreementRow),
  }),
  detail: defineContract({
    method: 'GET',
    path: `${admin}/findById/:id`,
    summary: '协议详情与全部已发布版本',
    access: { perm: 'platform:agreement:list' },
    params: idParam,
    result: agreementDetail,
  }),
  signaturePage: defineContract({
    method: 'GET',
    path: `${admin}/findQianshuByPage`,
    summary: '全部商家的签署记录分页列表',
    access: { perm: 'platform:agreement:list' },
    query: signatureAdminQuery,
    result: pageOf(signatureRow),
  }),
  add: defineContract({
    method: 'POST',
    path: `${admin}/add`,
    summary: '新增协议（草稿）',
    access: { perm: 'platform:agreement:add' },
    oplog: oplog('add'),
    body: agreementBody,
    result: idResult,
  }),
  edit: defineContract({
    method: 'POST',
    path: `${admin}/edit`,
    summary: '编辑协议属性与草稿',
    access: { perm: 'platform:agreement:edit' },
    oplog: oplog('edit'),
    body: agreementEdit,
    result: noResult,
  }),
  publish: defineContract({
    method: 'POST',
    path: `${admin}/fabu`,
    summary: '发布协议（草稿有变化时生成新版本并通知商家）',
    access: { perm: 'platform:agreement:publish' },
    oplog: oplog('other'),
    body: publishBody,
    result: publishResult,
  }),
  withdraw: defineContract({
    method: 'POST',
    path: `${admin}/chehui`,
    summary: '撤回已发布的协议',
    access: { perm: 'platform:agreement:publish' },
    oplog: oplog('other'),
    body: idParam,
    result: noResult,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: `${admin}/delByIds/:ids`,
    summary: '删除协议（已有签署的不能删除）',
    access: { perm: 'platform:agreement:del' },
    oplog: oplog('delete'),
    params: idsParam,
    result: noResult,
  }),
};
