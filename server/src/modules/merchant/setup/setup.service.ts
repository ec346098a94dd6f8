import { SHOP_AUDIT_STATUS } from '@jz/contracts/shop';
import type { setupApi } from '@jz/contracts/api/setup';
import type { ResultOf } from '@jz/contracts/contract';
import { JINJIAN_STATUS } from '@jz/contracts/jinjian';
import type { Tenant } from '../../../lib/tenant.ts';
import { hasPerm } from '../../../plugins/auth.ts';
import type { App } from '../../types.ts';
import { unsignedMustSign } from '../agreement/agreement.service.ts';
import { stateOfMerchant } from '../jinjian/jinjian.service.ts';
import * as repo from './setup.repo.ts';

export type SetupProgress = ResultOf<typeof setupApi.progress>;
type Step = SetupProgress['steps'][number];
type StepKey = Step['key'];

/** The codes of each step's pages: a caller holding none of them sees whether the step is done, not its details. */
const STEP_PERMS: Record<StepKey, readonly string[]> = {
  shop: ['merchant:shop:info', 'merchant:shop:list'],
  area: ['merchant:shop:info', 'merchant:shop:list'],
  goods: ['merchant:goods:list'],
  employee: ['merchant:employee:list'],
  jinjian: ['merchant:finance:jinjian:query'],
  agreement: ['merchant:agreement:sign', 'merchant:agreement:list'],
};

/** The shop details a customer and the platform's audit need, in the order the form asks for them. */
const SHOP_FIELDS: [string, (s: repo.SetupShop) => boolean][] = [
  ['店铺 Logo', (s) => !!s.logoUrl],
  ['联系人', (s) => !!s.contactName?.trim()],
  ['联系电话', (s) => !!s.phone?.trim()],
  ['所在地区', (s) => !!(s.provinceCode && s.cityCode && s.districtCode)],
  ['详细地址', (s) => !!s.address?.trim()],
  ['地图位置', (s) => s.lat !== null && s.lng !== null],
  ['营业时间', (s) => !!s.businessHours],
  ['服务类目', (s) => jsonLength(s.fuwuIds) > 0],
];

function jsonLength(text: string | null) {
  try {
    const v = JSON.parse(text ?? '[]');
    return Array.isArray(v) ? v.length : 0;
  } catch {
    return 0;
  }
}

const AUDIT: Record<number, string> = { 0: '等待平台审核', 2: '审核未通过' };

function shopStep(s: repo.SetupShop | undefined): Omit<Step, 'key'> {
  if (!s) return { done: false, detail: '尚未创建店铺' };
  const missing = SHOP_FIELDS.filter(([, ok]) => !ok(s)).map(([label]) => label);
  const audit = AUDIT[s.auditStatus];
  const auditNote = audit
    ? `${audit}${s.auditStatus === SHOP_AUDIT_STATUS.REJECTED && s.auditRemark ? `：${s.auditRemark}` : ''}`
    : null;
  if (missing.length) return { done: false, detail: `待填写：${missing.join('、')}` };
  return { done: true, detail: auditNote ? `资料已完善，${auditNote}` : '资料已完善' };
}

function areaStep(s: repo.SetupShop | undefined): Omit<Step, 'key'> {
  if (!s) return { done: false, detail: '请先创建店铺' };
  const points = jsonLength(s.serviceArea);
  return points >= 3
    ? { done: true, detail: `已绘制服务范围（${points} 个顶点）` }
    : { done: false, detail: '尚未在地图上绘制服务范围' };
}

async function goodsStep(app: App, t: Tenant, s: repo.SetupShop | undefined): Promise<Omit<Step, 'key'>> {
  if (!s) return { done: false, detail: '请先创建店铺' };
  const g = await repo.goodsCounts(app.db, t.merchantId, s.id);
  if (g.onShelf) return { done: true, detail: `已上架 ${g.onShelf} 个商品` };
  return { done: false, detail: g.total ? `已添加 ${g.total} 个商品，尚未上架` : '还没有商品' };
}

async function employeeStep(app: App, t: Tenant, s: repo.SetupShop | undefined): Promise<Omit<Step, 'key'>> {
  if (!s) return { done: false, detail: '请先创建店铺' };
  const n = await repo.employeeCount(app.db, t.merchantId, s.id);
  return n ? { done: true, detail: `在职员工 ${n} 人` } : { done: false, detail: '还没有在职员工' };
}

async function onboardingStep(app: App, t: Tenant): Promise<Omit<Step, 'key'>> {
  // Through the onboarding service: a decision the provider made meanwhile is taken in first.
  const st = await stateOfMerchant(app, t.merchantId);
  switch (st.status) {
    case JINJIAN_STATUS.APPROVED:
      return { done: true, detail: '已开通支付' };
    case JINJIAN_STATUS.PENDING:
      return { done: false, detail: '进件审核中，请等待审核结果' };
    case JINJIAN_STATUS.REJECTED:
      return {
        done: false,
        detail: `进件被驳回${st.application?.rejectReason ? `：${st.application.rejectReason}` : ''}，请修改后重新提交`,
      };
    default:
      return { done: false, detail: '尚未提交进件资料' };
  }
}

async function agreementStep(app: App, t: Tenant): Promise<Omit<Step, 'key'>> {
  const missing = await unsignedMustSign(app.db, t.merchantId);
  if (!missing.length) return { done: true, detail: '必签协议均已签署' };
  return { done: false, detail: `待签署${missing.map((m) => `《${m.title}》（第 ${m.version} 版）`).join('、')}` };
}

/**
 * The first-day checklist of the caller: the shop steps read the caller's current shop, which lies inside
 * a sub-account's shop limit (lib/tenant.ts), so a limited account sees its own shop's progress and nothing of the
 * others; onboarding and agreements are the merchant's. Details only for the steps whose page the caller may open.
 */
export async function setupProgress(app: App, t: Tenant): Promise<SetupProgress> {
  const s = await repo.currentShop(app.db, t);
  const [goods, employee, jinjian, agreement] = await Promise.all([
    goodsStep(app, t, s),
    employeeStep(app, t, s),
    onboardingStep(app, t),
    agreementStep(app, t),
  ]);
  const all: Record<StepKey, Omit<Step, 'key'>> = {
    shop: shopStep(s),
    area: areaStep(s),
    goods,
    employee,
    jinjian,
    agreement,
  };
  const steps = (Object.keys(all) as StepKey[]).map((key) => ({
    key,
    done: all[key].done,
    detail: STEP_PERMS[key].some((p) => hasPerm(t.user, p)) ? all[key].detail : null,
  }));
  const done = steps.filter((x) => x.done).length;
  return {
    shop: s ? { id: s.id, name: s.name } : null,
    steps,
    done,
    total: steps.length,
    complete: done === steps.length,
  };
}
