import { Gauge, type Registry } from 'prom-client';
import { buildInfo } from '../lib/build-info.ts';

/**
 * jz_build_info{version,commit} 1: which release each instance runs, for dashboards and for spotting an instance a
 * rolling upgrade missed (`count by (version) (jz_build_info)`).
 */
export function registerBuildInfoMetric(registry: Registry) {
  const { version, commit } = buildInfo();
  new Gauge({
    name: 'jz_build_info',
    help: 'The running build: version and commit as labels, value 1',
    labelNames: ['version', 'commit'] as const,
    registers: [registry],
  }).set({ version, commit }, 1);
}
