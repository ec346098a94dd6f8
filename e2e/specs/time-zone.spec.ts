import { expect, type Page, test } from '@playwright/test';
import { clientFor } from '../support/api.ts';
import { customerToken, goodsOfShop, placeAndPay } from '../support/customer.ts';
import { dueSoon } from '../support/server-db.ts';
import { DEMO, shot, signIn } from '../support/session.ts';

/**
 * Every time in Shanghai whatever the browser's zone (docs/time.md): the browser runs in Los Angeles (16 hours behind
 * Shanghai in winter, so its calendar day is often another one), and 订单接单, 订单管理, the board and the staff page show
 * the same Shanghai wall times as the API's instants say; a day picked in 订单管理's filter means that day in Shanghai.
 */
test.use({ timezoneId: 'America/Los_Angeles' });

const D = 'app/jiazheng/pay/dingdan';
/** Shanghai wall time of an instant, by plain arithmetic (UTC+8 all year): 'YYYY-MM-DDTHH:mm:ss'. */
const wall = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 19);
const shortTime = (iso: string) => wall(iso).slice(5, 16).replace('T', ' ');
const hm = (iso: string) => wall(iso).slice(11, 16);
const day = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);

/** Types a day into each half of a range picker (its inputs are labelled by their placeholders). */
async function pickRange(page: Page, label: string, from: string, to: string) {
  const item = page.locator('.ant-form-item').filter({ hasText: label });
  const [start, end] = [item.locator('input').nth(0), item.locator('input').nth(1)];
  await start.click();
  await start.fill(from);
  await start.press('Enter');
  await end.fill(to);
  await end.press('Enter');
  await expect(start).toHaveValue(from);
  await expect(end).toHaveValue(to);
}

test('with the browser in Los Angeles, the console and the staff page show Shanghai times', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const headers = await customerToken(request, '13700003306');
  const order = await placeAndPay(request, headers, await goodsOfShop(request, '运城洁家家政（总店）'), 0);
  const owner = await clientFor(request, DEMO.ownerA);
  // 订单接单's queue as the API answers it: the instants the pages must show in Shanghai time
  const waiting = await owner.get(`${D}/jiedan/findAllByList`);
  expect(waiting.code, JSON.stringify(waiting)).toBe(200);
  const row0 = (
    waiting.result.records as { id: number; appointmentAt: string; paidAt: string; createdAt: string }[]
  ).find((r) => r.id === order.id);
  expect(row0, 'the paid order in the queue').toBeDefined();
  const { appointmentAt: bookedAt, paidAt, createdAt } = row0!;
  const shanghaiToday = day(Date.now());

  await signIn(page, DEMO.ownerA);
  const browser = await page.evaluate(() => ({
    zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    offset: new Date().getTimezoneOffset(),
  }));
  expect(browser.zone).toBe('America/Los_Angeles');
  expect(browser.offset).toBeGreaterThanOrEqual(420); // UTC-7 or UTC-8: 15-16 h behind Shanghai

  // 订单接单: 预约 and 付款于 in Shanghai time
  await page.goto('/#/dingdanjiedan');
  const card = page.getByTestId(`waiting-${order.orderNo}`);
  await expect(card).toContainText(`预约 ${shortTime(bookedAt)}`);
  await expect(card).toContainText(`付款于 ${wall(paidAt).slice(5).replace('T', ' ')}`);
  await shot(page, 'time-zone-order-taking');

  // 订单管理: 下单日期 = Shanghai's day of the order finds it (the request carries that day), and shows its 预约时间;
  // the day before (the browser's own calendar day now, west of the date line) does not
  expect(day(Date.parse(createdAt))).toBe(shanghaiToday);
  await page.goto('/#/dingdanguanli');
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByLabel('订单号').fill(order.orderNo);
  await pickRange(page, '下单日期', shanghaiToday, shanghaiToday);
  const asked = page.waitForRequest(
    (r) => r.url().includes(`startDate=${shanghaiToday}`) && r.url().includes(`endDate=${shanghaiToday}`),
  );
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  await asked;
  const row = page.getByRole('row').filter({ hasText: order.orderNo });
  await expect(row).toContainText(shortTime(bookedAt));
  await shot(page, 'time-zone-order-list');
  const yesterday = day(Date.now() - 86_400_000);
  await pickRange(page, '下单日期', yesterday, yesterday);
  const askedYesterday = page.waitForResponse((r) => r.url().includes(`startDate=${yesterday}`));
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  await askedYesterday;
  await expect(page.getByRole('row').filter({ hasText: order.orderNo })).toHaveCount(0);

  // assign it at its booked time (as the board's suggestion would: the booking kept someone free then; in a few minutes
  // everyone may be off duty, at night in Shanghai), then the visit moves to a few minutes from now so it is on today's
  // board and the staff page's 今日 (明日 just before midnight); the board: today is Shanghai's, the job at its time
  const suggest = await owner.get('app/jiazheng/paidan/suggest', { orderId: order.id });
  expect(suggest.code, JSON.stringify(suggest)).toBe(200);
  const who = (suggest.result.suggestions as { employeeId: number }[])[0];
  expect(who, 'an employee free for the order').toBeDefined();
  const assigned = await owner.post('app/jiazheng/paidan/assign', { orderId: order.id, employeeId: who.employeeId });
  expect(assigned.code, JSON.stringify(assigned)).toBe(200);
  dueSoon(order.id);
  const moved = await owner.get(`${D}/findById/${order.id}`);
  expect(moved.code, JSON.stringify(moved)).toBe(200);
  const appointmentAt: string = moved.result.appointmentAt;
  await page.goto('/#/paidankanban');
  const dayPicker = page.getByLabel('日期', { exact: true });
  await expect(dayPicker).toHaveValue(shanghaiToday);
  const appointmentDay = wall(appointmentAt).slice(0, 10);
  if (appointmentDay !== shanghaiToday) {
    await dayPicker.click();
    await dayPicker.fill(appointmentDay);
    await dayPicker.press('Enter');
    await expect(dayPicker).toHaveValue(appointmentDay);
  }
  const block = page.getByTestId(`block-${order.orderNo}`);
  await expect(block).toHaveAttribute('aria-label', new RegExp(`^订单 ${order.orderNo}：${hm(appointmentAt)}–`));
  await shot(page, 'time-zone-board');

  // the staff page on her phone: the job's window in Shanghai time, under its Shanghai day
  const emp = await owner.get(`app/jiazheng/yuangong/findById/${who.employeeId}`);
  const phone: string = emp.result?.phone;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/staff/');
  await expect(page).toHaveURL(/\/staff\/login$/);
  await page.getByLabel('手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByLabel('验证码').fill('123456');
  await page.getByRole('button', { name: '登录' }).click();
  const enter = page.getByRole('button', { name: /进入阿姨端/ });
  const today = page.getByRole('tab', { name: '今日' });
  await expect(enter.or(today)).toBeVisible();
  if (await enter.isVisible()) await enter.click();
  await expect(today).toBeVisible();
  // The job is on 今日 or, just before midnight, on 明日 (本周 ends on Sunday: tomorrow may be next week). The tab is
  // opened by its address, picked by Shanghai's day at that moment, and asked again should midnight pass meanwhile.
  const staffCard = page.locator(`article[data-order-id="${order.id}"]`);
  await expect(async () => {
    const tab = appointmentDay === day(Date.now()) ? 'today' : 'tomorrow';
    await page.goto(`/staff/?tab=${tab}`);
    await expect(page.getByRole('tab', { name: tab === 'today' ? '今日' : '明日', selected: true })).toBeVisible();
    await expect(staffCard).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(staffCard.locator('.staff-time')).toHaveText(new RegExp(`^${hm(appointmentAt)}–`));
  await page.screenshot({ path: 'screenshots/time-zone-staff-390.png', fullPage: true });
});
