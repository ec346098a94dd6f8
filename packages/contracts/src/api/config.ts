import { defineContract } from '../contract.ts';
import { configEditBody, configRecord, configTypeParam } from '../config.ts';

const base = '/api/app/config';

/** Configuration records (系统配置, docs/spec-notes.md#records): platform texts and flat settings, one JSON value per type. */
export const configApi = {
  byType: defineContract({
    method: 'GET',
    path: `${base}/findByType/:type`,
    summary: '按类型读取配置（未保存过的为空内容）',
    // Any signed-in user: merchants read the platform texts too.
    access: { signedIn: true },
    params: configTypeParam,
    result: configRecord,
  }),
  edit: defineContract({
    method: 'POST',
    path: `${base}/edit`,
    summary: '保存配置（富文本内容先经清洗）',
    access: { perm: 'sys:config:edit' },
    oplog: { title: '系统配置', type: 'edit' },
    body: configEditBody,
    result: configRecord,
  }),
};
