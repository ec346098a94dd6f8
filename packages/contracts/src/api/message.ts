import { z } from 'zod';
import { idsParam } from '../common.ts';
import { defineContract, noResult, pageOf } from '../contract.ts';
import {
  broadcastBody,
  broadcastQuery,
  broadcastRow,
  merchantOption,
  messageQuery,
  messageRow,
  setReadBody,
  unreadCount,
} from '../message.ts';

const base = '/api/app/jiazheng/xiaoxi';
const platform = '/api/app/xiaoxi';
const oplog = (type: 'edit' | 'delete') => ({ title: '消息管理', type });

/**
 * Messages (docs/spec-notes.md#calls names no calls for them): each merchant user sees only their own messages (of the
 * subjects it may read); the platform sends broadcasts.
 */
export const messageApi = {
  page: defineContract({
    method: 'GET',
    path: `${base}/findAllByPage`,
    summary: '我的消息分页列表（未读在前）',
    access: { perm: 'merchant:message:list' },
    query: messageQuery,
    result: pageOf(messageRow),
  }),
  // The header badge: any signed-in user may ask for their own count.
  unreadCount: defineContract({
    method: 'GET',
    path: `${base}/findWeiduCount`,
    summary: '未读消息数量（按类型）',
    access: { signedIn: true },
    result: unreadCount,
  }),
  setRead: defineContract({
    method: 'POST',
    path: `${base}/setRead`,
    summary: '标记消息已读（指定或全部）',
    access: { perm: 'merchant:message:read' },
    oplog: oplog('edit'),
    body: setReadBody,
    result: z.object({ updated: z.number().int() }),
  }),
  remove: defineContract({
    method: 'DELETE',
    path: `${base}/delByIds/:ids`,
    summary: '删除消息',
    access: { perm: 'merchant:message:del' },
    oplog: oplog('delete'),
    params: idsParam,
    result: noResult,
  }),
  // Platform broadcasts.
  broadcastPage: defineContract({
    method: 'GET',
    path: `${platform}/findAllByPage`,
    summary: '平台消息推送记录',
    access: { perm: 'platform:message:list' },
    query: broadcastQuery,
    result: pageOf(broadcastRow),
  }),
  merchantSelect: defineContract({
    method: 'GET',
    path: `${platform}/findShangjiaSelect`,
    summary: '可选的接收商家',
    access: { perm: 'platform:message:list' },
    result: z.array(merchantOption),
  }),
  broadcast: defineContract({
    method: 'POST',
    path: `${platform}/add`,
    summary: '向商家推送消息',
    access: { perm: 'platform:message:send' },
    oplog: { title: '消息推送', type: 'add' },
    body: broadcastBody,
    result: z.object({ id: z.number().int(), recipientCount: z.number().int() }),
  }),
};
