import { z } from 'zod';
import { idParam, idsParam } from '../common.ts';
import { defineContract, idResult, noResult, pageOf } from '../contract.ts';
import {
  employeeAdd,
  employeeEdit,
  employeeListQuery,
  employeeOption,
  employeeQuery,
  employeeRow,
  hoursCheckQuery,
  hoursCheckResult,
} from '../employee.ts';

const base = '/api/app/jiazheng/yuangong';
const oplog = (type: 'add' | 'edit' | 'delete') => ({ title: '员工管理', type });

/** Employees (yuangong) in docs/spec-notes.md#calls: every call is scoped to the caller's merchant (and a limited sub-account's shops). */
export const employeeApi = {
  page: defineContract({
    method: 'GET',
    path: `${base}/weapp/findAllByPage`,
    summary: '员工分页列表（店铺为空取当前店铺，all 为全部店铺）',
    access: { perm: 'merchant:employee:list' },
    query: employeeQuery,
    result: pageOf(employeeRow),
  }),
  list: defineContract({
    method: 'GET',
    path: `${base}/weapp/findAllByList`,
    summary: '可选员工列表（空闲优先，不含离职）',
    access: { perm: 'merchant:employee:list' },
    query: employeeListQuery,
    result: z.array(employeeOption),
  }),
  detail: defineContract({
    method: 'GET',
    path: `${base}/findById/:id`,
    summary: '员工详情（身份证号脱敏）',
    access: { perm: 'merchant:employee:query' },
    params: idParam,
    result: employeeRow,
  }),
  add: defineContract({
    method: 'POST',
    path: `${base}/add`,
    summary: '新增员工',
    access: { perm: 'merchant:employee:add' },
    oplog: oplog('add'),
    body: employeeAdd,
    result: idResult,
  }),
  edit: defineContract({
    method: 'POST',
    path: `${base}/edit`,
    summary: '编辑员工（单传 id 与 workState 为修改工作状态；新排班使已指派订单落在工作时间外时须 confirmHours）',
    access: { perm: 'merchant:employee:edit' },
    oplog: oplog('edit'),
    body: employeeEdit,
    result: noResult,
  }),
  checkHours: defineContract({
    method: 'GET',
    path: `${base}/checkHours`,
    summary: '修改每周排班前检查：新的工作时间外会有哪些已指派、未完成的订单（不修改任何数据）',
    access: { perm: 'merchant:employee:edit' },
    query: hoursCheckQuery,
    result: hoursCheckResult,
  }),
  remove: defineContract({
    method: 'DELETE',
    path: `${base}/delByIds/:ids`,
    summary: '删除员工',
    access: { perm: 'merchant:employee:del' },
    oplog: oplog('delete'),
    params: idsParam,
    result: noResult,
  }),
};
