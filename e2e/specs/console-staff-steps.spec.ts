import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { clientFor } from '../support/api.ts';
import { customerToken, goodsOfShop, placeAndPay } from '../support/customer.ts';
import { DEMO, signIn } from '../support/session.ts';

/**
 * The console's side of the staff steps (docs/staff.md, Console side): a paid order assigned to a demo employee; with
 * the board open on the job's day, she departs and clocks in far from the address through the staff API; the block
 * shows 已出发, then 已到达 with the warning mark, without a reload (the order stream); the order drawer shows the
 * steps with the distance and 距离过远, and follows the next step live. Screenshots at 1366 and 1600 px in
 * e2e/screenshots/console-steps-<name>-<width>.png.
 */
const staffApi = '/tmpl/api/staff';

async function staffToken(request: APIRequestContext, phone: string) {
  const sent = await (await request.post(`${staffApi}/login/sms/sendCode`, { data: { phone } })).json();
  expect(sent.code, JSON.stringify(sent)).toBe(200);
  const r = await (await request.post(`${staffApi}/login/sms/login`, { data: { phone, code: '123456' } })).json();
  expect(r.code, JSON.stringify(r)).toBe(200);
  return { Authorization: `Bearer ${r.result.token as string}` };
}

async function step(request: APIRequestContext, headers: Record<string, string>, url: string, data: object = {}) {
  const r = await (await request.post(`${staffApi}/jobs/${url}`, { headers, data })).json();
  expect(r.code, JSON.stringify(r)).toBe(200);
}

async function shots(page: Page, name: string) {
  for (const width of [1366, 1600]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `screenshots/console-steps-${name}-${width}.png`, animations: 'disabled' });
  }
}

test('the board and the order drawer follow the employee’s steps live', async ({ page, request }) => {
  test.setTimeout(150_000);
  const headers = await customerToken(request, '13700006631');
  const paid = await placeAndPay(request, headers, await goodsOfShop(request, '运城洁家家政（总店）'), 0);
  const owner = await clientFor(request, DEMO.ownerA);
  const suggest = await owner.get('app/jiazheng/paidan/suggest', { orderId: paid.id });
  expect(suggest.code, JSON.stringify(suggest)).toBe(200);
  const who = (suggest.result.suggestions as { employeeId: number }[])[0];
  expect(who, 'an employee free for the order').toBeDefined();
  const assigned = await owner.post('app/jiazheng/paidan/assign', { orderId: paid.id, employeeId: who.employeeId });
  expect(assigned.code, JSON.stringify(assigned)).toBe(200);
  const emp = await owner.get(`app/jiazheng/yuangong/findById/${who.employeeId}`);
  const staff = await staffToken(request, emp.result.phone as string);
  const detail = await owner.get(`app/jiazheng/pay/dingdan/findById/${paid.id}`);
  const { appointmentAt, orderNo, lat, lng } = detail.result as {
    appointmentAt: string;
    orderNo: string;
    lat: number | null;
    lng: number | null;
  };

  await signIn(page, DEMO.ownerA);
  await page.goto('/#/paidankanban');
  await expect(page.getByTestId('stream-state')).toContainText('实时更新');
  const dayNo = (ms: number) => Math.floor((ms + 8 * 3_600_000) / 86_400_000);
  for (let i = dayNo(Date.parse(appointmentAt)) - dayNo(Date.now()); i > 0; i--) {
    await page.getByRole('button', { name: /后一天/ }).click();
  }
  const block = page.getByTestId(`block-${orderNo}`);
  await expect(block).toBeVisible();
  await expect(block).not.toHaveAttribute('data-step', /departed|arrived/);

  await step(request, staff, `${paid.id}/depart`);
  await expect(block).toHaveAttribute('data-step', 'departed');
  await expect(block.getByText('已出发')).toBeVisible();
  // about 2 km north of the order's point: beyond the shop's 500 m
  await step(request, staff, `${paid.id}/arrive`, lat !== null && lng !== null ? { lat: lat + 0.02, lng } : {});
  await expect(block).toHaveAttribute('data-step', 'arrived');
  await expect(block.getByTestId('step-warning')).toHaveAttribute('title', /打卡距离过远|到达打卡未获取位置/);
  await expect(page.locator('.ant-message-notice, .ant-notification-notice')).toHaveCount(0);
  await block.scrollIntoViewIfNeeded();
  await shots(page, 'board');

  await block.click();
  const drawer = page.locator('.ant-drawer');
  const steps = drawer.getByTestId('order-staff-steps');
  await expect(steps).toBeVisible();
  await expect(steps).toContainText('已到达');
  await expect(steps.getByText(lat !== null ? '距离过远' : '未获取位置')).toBeVisible();
  await expect(drawer.getByText('员工到达打卡')).toBeVisible();
  await steps.scrollIntoViewIfNeeded();
  await shots(page, 'drawer');

  // the drawer follows her next step without a reload
  await step(request, staff, `${paid.id}/start`, { code: paid.code });
  await expect(steps).toContainText('服务中');
  await expect(block).toHaveAttribute('data-step', 'serving');
});
