import { expect, type Page, test } from '@playwright/test';
import { clientFor } from '../support/api.ts';
import { DEMO } from '../support/session.ts';

/**
 * 撤回 on the staff page at a phone's width (375 px): a demo employee asks for two leaves far ahead, the console approves
 * one; 我的申请 says where each stands, 撤回 asks first and the request shows 已撤回, the approved one is withdrawn with
 * its leave. Screenshots in e2e/screenshots/staff-leave-withdraw-*.png.
 */
test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'zh-CN' });

/** The whole page at 375 px: the viewport grows to the content so the fixed tab bar sits at the end, as on a phone. */
async function shot(page: Page, name: string) {
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5000 });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: 375, height: Math.max(812, height) });
  await page.screenshot({ path: `screenshots/staff-leave-withdraw-${name}.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 375, height: 812 });
}

/** 'YYYY-MM-DDTHH:mm' of a Shanghai day `days` from today, for the datetime-local fields. */
const wall = (days: number, hm: string) => {
  const d = new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return `${d}T${hm}`;
};

test('她撤回待审批的申请与已批准未开始的休假；调度端显示已撤回', async ({ page, request }) => {
  const owner = await clientFor(request, DEMO.ownerA);
  const list = await owner.get('app/jiazheng/yuangong/weapp/findAllByPage', { pageSize: 50, workState: 1 });
  const who = (list.result.records as { id: number; name: string; phone: string }[]).at(-1)!;
  expect(who, JSON.stringify(list)).toBeDefined();

  await page.goto('/staff/');
  await page.getByLabel('手机号').fill(who.phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByLabel('验证码').fill('123456');
  await page.getByRole('button', { name: '登录' }).click();
  const enter = page.getByRole('button', { name: /进入阿姨端/ });
  const tab = page.getByRole('tab', { name: '今日' });
  await expect(enter.or(tab)).toBeVisible();
  if (await enter.isVisible()) await enter.click();
  await expect(tab).toBeVisible();

  // Reasons of this attempt only: another spec's requests of the same employee, or a retry's first attempt, stay listed.
  const run = Date.now().toString(36).slice(-4);
  const [first, again] = [`孩子开家长会 ${run}`, `回老家办事 ${run}`];
  const item = (reason: string) => page.locator('.adm-list-item').filter({ hasText: `原因：${reason}` });
  await page.goto('/staff/leave');
  for (const [days, reason] of [
    [60, first],
    [62, again],
  ] as const) {
    await page.getByLabel('开始时间').fill(wall(days, '08:00'));
    await page.getByLabel('结束时间').fill(wall(days, '18:00'));
    await page.getByLabel('请假原因').fill(reason);
    await page.getByRole('button', { name: '提交申请' }).click();
    await expect(item(reason)).toBeVisible();
  }
  const pending = await owner.get('app/jiazheng/paidan/leaveRequest/findAllByPage', { employeeId: who.id, status: 0 });
  const second = (pending.result.records as { id: number; reason: string }[]).find((r) => r.reason === again)!;
  expect(
    (await owner.post('app/jiazheng/paidan/leaveRequest/decide', { id: second.id, approve: 'true', reply: '好的' }))
      .code,
  ).toBe(200);
  await page.reload();
  await expect(item(again)).toContainText('已批准，休假已生效');
  await expect(item(again).getByRole('button', { name: '撤回休假' })).toBeVisible();
  await expect(item(first).getByRole('button', { name: '撤回申请' })).toBeVisible();
  await shot(page, 'list');

  await item(first).getByRole('button', { name: '撤回申请' }).click();
  await expect(page.getByText('确定撤回这次请假吗？')).toBeVisible();
  await shot(page, 'confirm');
  await page.getByRole('button', { name: '确认撤回' }).click();
  await expect(item(first)).toContainText('已撤回');

  await item(again).getByRole('button', { name: '撤回休假' }).click();
  await expect(page.getByText(/休假已批准，撤回后休假取消/)).toBeVisible();
  await page.getByRole('button', { name: '确认撤回' }).click();
  await expect(item(again)).toContainText('批准后已撤回，休假已取消');
  for (const r of [first, again]) await expect(item(r).getByRole('button', { name: /^撤回/ })).toHaveCount(0);
  await shot(page, 'done');

  const all = await owner.get('app/jiazheng/paidan/leaveRequest/findAllByPage', { employeeId: who.id });
  const mine = (all.result.records as { status: number; reason: string }[]).filter((r) => r.reason.endsWith(run));
  expect(mine.map((r) => r.status)).toEqual([3, 3]);
  const leaves = await owner.get('app/jiazheng/paidan/leave/findAllByList', { employeeId: who.id });
  expect(JSON.stringify(leaves.result)).not.toContain(again);
});
