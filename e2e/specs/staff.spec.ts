import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import gcoord from 'gcoord';
import { clientFor } from '../support/api.ts';
import { api, customerToken, goodsOfShop, ok, placeAndPay } from '../support/customer.ts';
import { dueNow, dueSoon } from '../support/server-db.ts';
import { DEMO } from '../support/session.ts';

/**
 * The staff page (阿姨端) on a phone: an order a customer paid is assigned on the console to a demo employee; she signs
 * in at /staff/ with her phone, finds the job, departs, clocks in (granted geolocation, near and far), starts with the
 * customer's code and finishes with a photo; a step taken offline goes out once when the connection returns.
 * Screenshots at 360 and 414 px wide in e2e/screenshots/staff-<name>-<width>.png.
 */
test.use({
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  permissions: ['geolocation'],
  geolocation: { latitude: 35.0251, longitude: 111.0009 },
  locale: 'zh-CN',
});

const WIDTHS = [360, 414];
/**
 * The page at each width, whole: the viewport grows to the content's height so that the fixed bars (the step, the
 * tabs) sit below it as on a phone scrolled to the end, not over the middle as in a full-page capture. After the
 * toasts have gone.
 */
async function shots(page: Page, name: string) {
  const size = page.viewportSize() ?? { width: 390, height: 844 };
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 5000 });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: size.height });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width, height: Math.max(size.height, height) });
    await page.screenshot({ path: `screenshots/staff-${name}-${width}.png`, animations: 'disabled' });
  }
  await page.setViewportSize(size);
}

/** A paid order of the demo's main shop assigned through the console's API; the employee's phone. */
async function assignedJob(request: APIRequestContext, customerPhone: string) {
  const headers = await customerToken(request, customerPhone);
  // The first free start from today: a job of today or tomorrow is on 今日/明日 whatever the weekday.
  const paid = await placeAndPay(request, headers, await goodsOfShop(request, '运城洁家家政（总店）'), 0);
  const owner = await clientFor(request, DEMO.ownerA);
  const suggest = await owner.get('app/jiazheng/paidan/suggest', { orderId: paid.id });
  expect(suggest.code, JSON.stringify(suggest)).toBe(200);
  const who = (suggest.result.suggestions as { employeeId: number; name: string }[])[0];
  expect(who, 'an employee free for the order').toBeDefined();
  const assigned = await owner.post('app/jiazheng/paidan/assign', { orderId: paid.id, employeeId: who.employeeId });
  expect(assigned.code, JSON.stringify(assigned)).toBe(200);
  // The first free start may be days ahead (other specs fill today and tomorrow; on a Sunday 本周 is today alone):
  // the visit moves to a few minutes from now, so the job is on 今日 (明日 just before midnight).
  dueSoon(paid.id);
  const emp = await owner.get(`app/jiazheng/yuangong/findById/${who.employeeId}`);
  const phone: string = emp.result?.phone;
  expect(phone, JSON.stringify(emp)).toMatch(/^1\d{10}$/);
  return { paid, phone, headers, owner };
}

async function signIn(page: Page, phone: string, shot = false) {
  await page.goto('/staff/');
  await expect(page).toHaveURL(/\/staff\/login$/);
  await page.getByLabel('手机号').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await page.getByLabel('验证码').fill('123456');
  if (shot) await shots(page, 'login');
  await page.getByRole('button', { name: '登录' }).click();
  const enter = page.getByRole('button', { name: /进入阿姨端/ });
  const list = page.getByRole('tab', { name: '今日' });
  await expect(enter.or(list)).toBeVisible();
  if (await enter.isVisible()) await enter.click();
  await expect(list).toBeVisible();
}

/** The job's card on 今日, 明日 or 本周. */
async function findCard(page: Page, orderId: number) {
  const card = page.locator(`article[data-order-id="${orderId}"]`);
  const loaded = () => expect(page.getByRole('article').or(page.getByText('暂无订单')).first()).toBeVisible();
  for (const tab of ['今日', '明日', '本周']) {
    if (tab !== '今日') {
      const answer = page.waitForResponse((r) => r.url().includes('/api/staff/jobs'));
      await page.getByRole('tab', { name: tab }).click();
      await answer;
    }
    await loaded();
    if (await card.isVisible()) return card;
  }
  throw new Error(`order ${orderId} is on none of 今日/明日/本周`);
}

/** The browser position (WGS-84) at `metresNorth` from the order's point (GCJ-02, as the map link carries it). */
async function positionNear(card: ReturnType<Page['locator']>, metresNorth: number) {
  const href = (await card.getByRole('link', { name: '地图导航' }).getAttribute('href')) ?? '';
  const m = /position=([\d.]+),([\d.]+)/.exec(href);
  expect(m, href).not.toBeNull();
  const [lng, lat] = gcoord.transform([Number(m?.[1]), Number(m?.[2])], gcoord.GCJ02, gcoord.WGS84);
  return { latitude: lat + metresNorth / 111_000, longitude: lng };
}

async function setPosition(context: BrowserContext, p: { latitude: number; longitude: number }) {
  await context.setGeolocation(p);
}

test('an employee takes an assigned job from 出发 to 完成 on her phone', async ({ page, context, request }) => {
  test.setTimeout(240_000);
  const { paid, phone, headers } = await assignedJob(request, '13700001230');
  await signIn(page, phone, true);

  const card = await findCard(page, paid.id);
  await expect(card.getByText('待出发')).toBeVisible();
  await expect(card.getByRole('link', { name: '地图导航' })).toHaveAttribute('href', /^https:\/\/uri\.amap\.com\//);
  await setPosition(context, await positionNear(card, 50));
  await shots(page, 'jobs');
  await card.getByRole('button', { name: /查看订单/ }).click();
  await expect(page).toHaveURL(new RegExp(`/staff/jobs/${paid.id}$`));
  await expect(page.getByRole('button', { name: '出发' })).toBeVisible();
  await shots(page, 'job-assigned');

  await page.getByRole('button', { name: '出发' }).click();
  await expect(page.getByRole('button', { name: '到达打卡' })).toBeVisible();
  await expect(page.getByText('已出发').first()).toBeVisible();
  await shots(page, 'job-departed');

  await page.getByRole('button', { name: '到达打卡' }).click();
  await expect(page.getByText(/^距地址 \d+ 米$/)).toBeVisible();
  await expect(page.getByText(/超出打卡范围/)).toHaveCount(0);
  await shots(page, 'job-arrived');

  await page.getByLabel('顾客核销码').fill(paid.code);
  await page.getByRole('button', { name: '开始服务' }).click();
  await expect(page.getByText('服务中').first()).toBeVisible();
  await expect(page.getByRole('button', { name: '完成服务' })).toBeVisible();
  await shots(page, 'job-serving');

  // A small PNG as the photo.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  await page.locator('input[type="file"]').setInputFiles({ name: 'done.png', mimeType: 'image/png', buffer: png });
  await expect(page.locator('.adm-image-uploader-cell:not(.adm-image-uploader-upload-button)')).toHaveCount(1);
  await expect(page.locator('.adm-image-uploader-cell-loading')).toHaveCount(0);
  await page.getByLabel('完成备注').fill('E2E 已完成');
  await shots(page, 'job-finishing');
  dueNow(paid.id); // 完成 opens two hours before the appointment: the visit is now
  await page.getByRole('button', { name: '完成服务' }).click();
  await page.getByRole('button', { name: '确认完成' }).click();
  await expect(page.getByText('已完成').first()).toBeVisible();
  await expect(page.getByText('备注：E2E 已完成')).toBeVisible();
  // The photo as the server signed it for her: it loads.
  const photo = page.getByRole('img', { name: '完成照片 1' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
  await shots(page, 'job-done');

  const order = await ok<{ status: number }>(
    await request.get(`${api}/customer/order/findById/${paid.id}`, { headers }),
  );
  expect(order.status).not.toBe(20);

  // 我的: her schedule and a leave request.
  await page.getByText('我的', { exact: true }).click();
  await page.getByText('我的排班').click();
  await expect(page.getByRole('navigation').getByText('我的排班').or(page.getByText('未来两周'))).toBeVisible();
  await expect(page.getByText('未来两周')).toBeVisible();
  await shots(page, 'schedule');
  await page.goBack();
  await page.getByText('请假申请').click();
  await page.getByLabel('请假原因').fill('E2E 家里有事');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('原因：E2E 家里有事').first()).toBeVisible();
  await expect(page.getByText('待审批').first()).toBeVisible();
  await shots(page, 'leave');
});

test('offline 出发 is sent once when the connection returns; a clock-in far from the address is flagged', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  const { paid, phone, owner } = await assignedJob(request, '13700001231');
  await signIn(page, phone);
  const card = await findCard(page, paid.id);
  await setPosition(context, await positionNear(card, 3000));
  await card.getByRole('button', { name: /查看订单/ }).click();
  await expect(page.getByRole('button', { name: '出发' })).toBeVisible();

  await context.setOffline(true);
  await page.getByRole('button', { name: '出发' }).click();
  await expect(page.getByText('待同步').first()).toBeVisible();
  await page.locator('.adm-nav-bar-back').click();
  await expect(page.getByText(/离线：显示上次同步的数据/)).toBeVisible();
  await expect(card.getByText('待同步')).toBeVisible();
  await shots(page, 'offline');

  await context.setOffline(false);
  await expect(card.getByText('待同步')).toHaveCount(0, { timeout: 20_000 });
  await expect(card.getByText('已出发')).toBeVisible();
  // Sent once: the console's order has one 员工出发 on its timeline and the step with the tap's time.
  const detail = await owner.get(`app/jiazheng/pay/dingdan/findById/${paid.id}`);
  const timeline = detail.result.timeline as { action: string; operatorType: string }[];
  expect(timeline.filter((t) => t.action === '员工出发').map((t) => t.operatorType)).toEqual(['staff']);
  expect(detail.result.staffSteps?.departedAt, JSON.stringify(detail.result.staffSteps)).toBeTruthy();

  await card.getByRole('button', { name: /查看订单/ }).click();
  await page.getByRole('button', { name: '到达打卡' }).click();
  await expect(page.getByText(/距地址 [\d.]+ (米|公里)，超出打卡范围/)).toBeVisible();
  await shots(page, 'job-arrived-far');
});
