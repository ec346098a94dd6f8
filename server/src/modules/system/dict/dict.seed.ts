import type { SeedCtx } from '../../types.ts';
import { ensureDict } from './dict.repo.ts';

/** The console's own dictionaries (status switches, user and menu types, shop states). */
export async function seedDicts({ db }: SeedCtx) {
  await ensureDict(db, 'sys_normal_disable', '系统开关', [
    { label: '正常', value: '0', tag: 'success' },
    { label: '停用', value: '1', tag: 'error' },
  ]);
  await ensureDict(db, 'sys_yes_no', '是否', [
    { label: '是', value: '1', tag: 'blue' },
    { label: '否', value: '0', tag: 'default' },
  ]);
  await ensureDict(db, 'sys_user_type', '用户类型', [
    { label: '平台', value: 'platform', tag: 'purple' },
    { label: '商家', value: 'merchant', tag: 'blue' },
  ]);
  await ensureDict(db, 'sys_menu_type', '菜单类型', [
    { label: '目录', value: 'CAIDAN', tag: 'blue' },
    { label: '菜单', value: 'ZICAIDAN', tag: 'success' },
    { label: '按钮', value: 'ANNIU', tag: 'warning' },
  ]);
  await ensureDict(db, 'shop_audit_status', '店铺审核状态', [
    { label: '待审核', value: '0', tag: 'warning' },
    { label: '已通过', value: '1', tag: 'success' },
    { label: '未通过', value: '2', tag: 'error' },
  ]);
  await ensureDict(db, 'shop_yingye_state', '营业状态', [
    { label: '休息中', value: '0', tag: 'default' },
    { label: '营业中', value: '1', tag: 'success' },
  ]);
}
