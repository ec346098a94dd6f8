import { z } from 'zod';
import { idParam } from '../common.ts';
import { defineContract, idResult, noResult } from '../contract.ts';
import {
  assignBody,
  boardQuery,
  boardResult,
  daySheetExport,
  daySheetQuery,
  daySheetResult,
  leaveAdd,
  leaveCheckQuery,
  leaveCheckResult,
  leaveQuery,
  leaveRow,
  rotaQuery,
  rotaResult,
  shiftExceptionRow,
  shiftExceptionSave,
  suggestQuery,
  suggestResult,
} from '../dispatch.ts';

const base = '/api/app/jiazheng/paidan';
const oplog = (type: 'add' | 'edit' | 'delete' | 'export') => ({ title: '派单看板', type });

/**
 * 派单看板 (docs/dispatch.md): the board, day sheets (派工单), suggestions and assignment by time, and
 * employees' leave periods.
 * Every call is scoped to the caller's merchant and a limited sub-account's shops (another shop is "not found").
 */
export const dispatchApi = {
  board: defineContract({
    method: 'GET',
    path: `${base}/board`,
    summary: '派单看板：店铺员工某日（或连续至多 7 日）的工作时间、休假与订单，及未指派的已付款订单',
    access: { perm: 'merchant:dispatch:view' },
    query: boardQuery,
    result: boardResult,
  }),
  daySheet: defineContract({
    method: 'GET',
    path: `${base}/daySheet`,
    summary: '派工单：员工某日的订单（时间、服务、顾客、脱敏电话、地址、备注），按时间排序',
    access: { perm: 'merchant:dispatch:view' },
    query: daySheetQuery,
    result: daySheetResult,
  }),
  daySheetExport: defineContract({
    method: 'POST',
    path: `${base}/daySheet/export`,
    summary: '导出派工单（xlsx 或 csv）',
    access: { perm: 'merchant:dispatch:view' },
    oplog: oplog('export'),
    body: daySheetExport,
    result: z.null(),
    raw: { kind: 'file', why: '导出 Excel 工作簿（xlsx）或 CSV 文件；被拒绝时返回 JSON 信封' },
  }),
  suggest: defineContract({
    method: 'GET',
    path: `${base}/suggest`,
    summary: '为订单推荐员工（空闲、会做、距离近、当日负荷低者在前），并列出不可指派者及原因',
    access: { perm: 'merchant:dispatch:view', alsoPerms: ['merchant:order:assign'] },
    query: suggestQuery,
    result: suggestResult,
  }),
  assign: defineContract({
    method: 'POST',
    path: `${base}/assign`,
    summary: '派单：把订单指派给员工（按时间检查冲突、在岗、休假与技能）',
    access: { perm: 'merchant:dispatch:assign', alsoPerms: ['merchant:order:assign'] },
    oplog: oplog('edit'),
    body: assignBody,
    result: idResult,
  }),
  leaves: defineContract({
    method: 'GET',
    path: `${base}/leave/findAllByList`,
    summary: '员工的休假（最近 30 天起，开始时间升序）',
    access: { perm: 'merchant:employee:list', alsoPerms: ['merchant:dispatch:view'] },
    query: leaveQuery,
    result: z.array(leaveRow),
  }),
  addLeave: defineContract({
    method: 'POST',
    path: `${base}/leave/add`,
    summary: '登记休假（与已指派订单冲突时拒绝并列出需改派的订单）',
    access: { perm: 'merchant:employee:edit', alsoPerms: ['merchant:dispatch:assign'] },
    oplog: oplog('add'),
    body: leaveAdd,
    result: idResult,
  }),
  checkLeave: defineContract({
    method: 'GET',
    path: `${base}/leave/check`,
    summary: '休假冲突检查：该时段内员工已指派的订单（须先改派）与已有休假',
    access: { perm: 'merchant:employee:edit', alsoPerms: ['merchant:dispatch:assign'] },
    query: leaveCheckQuery,
    result: leaveCheckResult,
  }),
  rota: defineContract({
    method: 'GET',
    path: `${base}/rota`,
    summary: '员工排班：店铺员工 7 天的工作时段（每周排班，按日期的调整优先）与休假',
    access: { perm: 'merchant:dispatch:view' },
    query: rotaQuery,
    result: rotaResult,
  }),
  saveShiftException: defineContract({
    method: 'POST',
    path: `${base}/shiftException/save`,
    summary: '按日期调整员工工作时段（加班、缩短或休息；与已指派订单冲突时拒绝）',
    access: { perm: 'merchant:dispatch:assign', alsoPerms: ['merchant:employee:edit'] },
    oplog: oplog('edit'),
    body: shiftExceptionSave,
    result: shiftExceptionRow,
  }),
  removeShiftException: defineContract({
    method: 'DELETE',
    path: `${base}/shiftException/del/:id`,
    summary: '恢复为每周排班（删除该日期的调整；与已指派订单冲突时拒绝）',
    access: { perm: 'merchant:dispatch:assign', alsoPerms: ['merchant:employee:edit'] },
    oplog: oplog('delete'),
    params: idParam,
    result: noResult,
  }),
  removeLeave: defineContract({
    method: 'DELETE',
    path: `${base}/leave/del/:id`,
    summary: '删除休假',
    access: { perm: 'merchant:employee:edit', alsoPerms: ['merchant:dispatch:assign'] },
    oplog: oplog('delete'),
    params: idParam,
    result: noResult,
  }),
};
