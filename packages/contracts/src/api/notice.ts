import { idParam, idsParam } from '../common.ts';
import { defineContract, idResult, noResult, pageOf } from '../contract.ts';
import {
  noticeAddBody,
  noticeEditBody,
  noticeQuery,
  noticeRow,
  publishedNoticeQuery,
  publishedNoticeRow,
} from '../notice.ts';

const base = '/api/app/tongzhi';
const oplog = (type: 'add' | 'edit' | 'delete') => ({ title: '通知公告', type });

/** Notices (通知公告, /api/app/tongzhi in docs/spec-notes.md#calls): the platform writes them, every signed-in user reads the published. */
export const noticeApi = {
  page: defineContract({
    method: 'GET',
    path: `${base}/findAllByPage`,
    summary: '通知公告分页列表',
    access: { perm: 'platform:notice:list' },
    query: noticeQuery,
    result: pageOf(noticeRow),
  }),
  publishedPage: defineContract({
    method: 'GET',
    path: `${base}/published/findAllByPage`,
    summary: '已发布的公告（商家后台阅读）',
    access: { signedIn: true },
    query: publishedNoticeQuery,
    result: pageOf(publishedNoticeRow),
  }),
  publishedDetail: defineContract({
    method: 'GET',
    path: `${base}/published/findById/:id`,
    summary: '一条已发布的公告',
    access: { signedIn: true },
    params: idParam,
    result: publishedNoticeRow,
  }),
  add: defineContract({
    method: 'POST',
    path: `${base}/add`,
    summary: '新增公告',
    access: { perm: 'platform:notice:add' },
    oplog: oplog('add'),
    body: noticeAddBody,
    result: idResult,
  }),
  edit: defineContract({
    method: 'POST',
    path: `${base}/edit`,
    summary: '编辑公告',
    access: { perm: 'platform:notice:edit' },
    oplog: oplog('edit'),
    body: noticeEditBody,
    result: noResult,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: `${base}/delByIds/:ids`,
    summary: '删除公告',
    access: { perm: 'platform:notice:del' },
    oplog: oplog('delete'),
    params: idsParam,
    result: noResult,
  }),
};
