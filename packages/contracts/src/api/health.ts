import { defineContract } from '../contract.ts';
import { healthResult, liveResult, readyResult } from '../health.ts';

/**
 * The probes (docs/observability.md), public and answering the envelope. A probe that fails answers HTTP 503 (code
 * 500) with a body outside the result schema: only HTTP 200 is serialized by schema.
 */
export const healthApi = {
  live: defineContract({
    method: 'GET',
    path: '/api/health/live',
    summary: '存活检查（不访问数据库）',
    access: { public: true },
    result: liveResult,
  }),
  ready: defineContract({
    method: 'GET',
    path: '/api/health/ready',
    summary: '就绪检查：数据库可用、迁移已全部执行、未在停止中（否则 HTTP 503）',
    access: { public: true },
    result: readyResult,
  }),
  health: defineContract({
    method: 'GET',
    path: '/api/health',
    summary: '综合健康检查：数据库是否可用（不可用时 HTTP 503）',
    access: { public: true },
    result: healthResult,
  }),
};
