import { idParam, idsParam } from '../common.ts';
import { defineContract, idResult, noResult, pageOf } from '../contract.ts';
import {
  licenceAddBody,
  licenceAuditBody,
  licenceAuditQuery,
  licenceEditBody,
  licenceExpiring,
  licenceQuery,
  licenceRow,
} from '../licence.ts';

const mine = '/api/merchant/licence';
const sys = '/api/sys/licence';
const oplog = (type: 'add' | 'edit' | 'delete') => ({ title: '我的证照', type });

/** Licences (证照): the merchant's own (an edit goes back to 待审核), and the platform's 证照审核. */
export const licenceApi = {
  page: defineContract({
    method: 'GET',
    path: `${mine}/findAllByPage`,
    summary: '本商家的证照分页列表',
    access: { perm: 'merchant:account:licence' },
    query: licenceQuery,
    result: pageOf(licenceRow),
  }),
  detail: defineContract({
    method: 'GET',
    path: `${mine}/detail`,
    summary: '本商家的一张证照',
    access: { perm: 'merchant:account:licence' },
    query: idParam,
    result: licenceRow,
  }),
  // Licence numbers and dates: holders of 我的证照 only (the landing page hides the reminder from others).
  expiring: defineContract({
    method: 'GET',
    path: `${mine}/expiring`,
    summary: '30 天内到期与已过期的证照（首页提醒）',
    access: { perm: 'merchant:account:licence' },
    result: licenceExpiring,
  }),
  add: defineContract({
    method: 'POST',
    path: `${mine}/add`,
    summary: '新增证照（提交审核）',
    access: { perm: 'merchant:account:licenceAdd' },
    oplog: oplog('add'),
    body: licenceAddBody,
    result: idResult,
  }),
  edit: defineContract({
    method: 'POST',
    path: `${mine}/edit`,
    summary: '修改证照（重新提交审核）',
    access: { perm: 'merchant:account:licenceEdit' },
    oplog: oplog('edit'),
    body: licenceEditBody,
    result: noResult,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: `${mine}/delByIds/:ids`,
    summary: '删除证照',
    access: { perm: 'merchant:account:licenceDel' },
    oplog: oplog('delete'),
    params: idsParam,
    result: noResult,
  }),

  // Platform 证照审核.
  auditPage: defineContract({
    method: 'GET',
    path: `${sys}/findAllByPage`,
    summary: '全部商家的证照分页列表',
    access: { perm: 'sys:licence:list' },
    query: licenceAuditQuery,
    result: pageOf(licenceRow),
  }),
  auditDetail: defineContract({
    method: 'GET',
    path: `${sys}/detail`,
    summary: '任一商家的一张证照',
    access: { perm: 'sys:licence:list' },
    query: idParam,
    result: licenceRow,
  }),
  audit: defineContract({
    method: 'POST',
    path: `${sys}/audit`,
    summary: '审核证照（通过或驳回）',
    access: { perm: 'sys:licence:audit' },
    oplog: { title: '证照审核', type: 'edit' },
    body: licenceAuditBody,
    result: noResult,
  }),
};
