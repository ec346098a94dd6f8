import { CONFIG_TEXT_TYPES } from '@jz/contracts/config';
import { ensureDict } from '../dict/dict.service.ts';
import type { SeedCtx } from '../../types.ts';

/** The dictionary of the platform texts the 系统配置 screen edits. */
export async function seedConfigTypes({ db }: SeedCtx) {
  await ensureDict(
    db,
    'sys_config_type',
    '系统配置类型',
    CONFIG_TEXT_TYPES.map((t) => ({ label: t.label, value: t.value, tag: 'blue' })),
  );
}
