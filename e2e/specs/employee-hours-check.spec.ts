import { expect, test } from '@playwright/test';
import { clientFor } from '../support/api.ts';
import { DEMO, signIn } from '../support/session.ts';

/**
 * 编辑员工 › 每周排班 against her assigned orders: an employee with a demo order still ahead; her week switched to 休息 every
 * day on the form; 保存 lists the order (number, time, customer with the phone masked) and asks; 取消 saves nothing,
 * 确认修改 saves and keeps the list. Screenshots e2e/screenshots/employee-hours-check-{ask,saved}.png at 1366 px.
 */
test.use({ viewport: { width: 1366, height: 900 } });

test('修改每周排班：工作时间外的已指派订单先列出，确认后保存', async ({ page, request }) => {
  // A demo order assigned and still ahead (待服务): its employee is the one whose week changes.
  const owner = await clientFor(request, DEMO.ownerA);
  const list = await owner.get('app/jiazheng/pay/dingdan/findAllByPage', { status: 30, pageSize: 50 });
  const order = (list.result.records as { employeeId: number | null; appointmentAt: string }[]).find(
    (o) => o.employeeId && Date.parse(o.appointmentAt) > Date.now() + 3_600_000,
  );
  expect(order, JSON.stringify(list.result.total)).toBeDefined();
  const emp = await owner.get(`app/jiazheng/yuangong/findById/${order!.employeeId}`);
  const who = { employeeId: order!.employeeId as number, name: emp.result.name as string };
  const before = (await owner.get(`app/jiazheng/yuangong/findById/${who.employeeId}`)).result.workHours;

  await signIn(page, DEMO.ownerA);
  await page.goto(`/#/xinzengyuangong?id=${who.employeeId}`);
  await expect(page.getByText(`编辑员工：${who.name}`)).toBeVisible();
  const custom = page.getByRole('radio', { name: '自定义每周排班' });
  if (!(await custom.isChecked())) await custom.check();
  for (const day of ['周一', '周二', '周三', '周四', '周五', '周六', '周日']) {
    const on = page.getByRole('switch', { name: `${day}上班` });
    if ((await on.getAttribute('aria-checked')) === 'true') await on.click();
  }
  await page.getByRole('button', { name: /保\s*存/ }).click();
  const ask = page.getByRole('dialog').filter({ hasText: `修改 ${who.name} 的每周排班？` });
  await expect(ask).toBeVisible();
  await expect(ask.getByText(/新的工作时间外还有 \d+ 个已指派给/)).toBeVisible();
  await expect(ask.getByText(/\d{3}\*\*\*\*\d{4}/).first()).toBeVisible();
  await expect(ask.getByRole('link', { name: '打开订单改派' }).first()).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: 'screenshots/employee-hours-check-ask.png' });

  await ask.getByRole('button', { name: /取\s*消/ }).click();
  await expect(ask).toBeHidden();
  expect((await owner.get(`app/jiazheng/yuangong/findById/${who.employeeId}`)).result.workHours).toEqual(before);

  await page.getByRole('button', { name: /保\s*存/ }).click();
  await ask.getByRole('button', { name: '确认修改' }).click();
  const saved = page.getByRole('dialog').filter({ hasText: `${who.name} 的每周排班已保存` });
  await expect(saved).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: 'screenshots/employee-hours-check-saved.png' });
  const after = (await owner.get(`app/jiazheng/yuangong/findById/${who.employeeId}`)).result.workHours;
  expect(after).toEqual(Array.from({ length: 7 }, () => []));
  await saved.getByRole('button', { name: '返回员工列表' }).click();
  await expect(page).toHaveURL(/gongsiyuangong/);
  // the demo employee back on her hours for the specs after this one
  await owner.post('app/jiazheng/yuangong/edit', {
    id: who.employeeId,
    workHours: before ? JSON.stringify(before) : '',
    confirmHours: 'true',
  });
});
