import { expect, type Page, test } from '@playwright/test';
import { customerToken, goodsOfShop, placeAndPay } from '../support/customer.ts';
import { DEMO, shot, signIn } from '../support/session.ts';

/**
 * Alerts that cannot be missed, in Chromium against the real server: an order paid through the customer API
 * raises a notice on another page (商品管理) within seconds, with the service, the appointment time and the address;
 * the tab title flashes until the user is back; 去接单 opens 订单接单 with the order at the top, highlighted. With the tab
 * in the background a browser notification is shown (permission granted to the browser). 提醒设置 switches the beep
 * off. A merchant without a shop asks neither a stream ticket nor the waiting count (it looped on 409s).
 */
const SHOP = '运城洁家家政（总店）';

async function payOne(page: Page, phone: string) {
  const request = page.request;
  const headers = await customerToken(request, phone);
  const goods = await goodsOfShop(request, SHOP);
  return { ...(await placeAndPay(request, headers, goods)), goods };
}

test('a paid order raises a notice on 商品管理 within seconds; 去接单 shows it at the top of 订单接单', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.ownerA);
  await page.goto('/#/shangpinguanli');
  await expect(page.getByRole('button', { name: /新增商品|新\s*增/ }).first()).toBeVisible();
  // the live stream is open (the header's badge says so)
  await expect(page.getByTestId('order-badge')).toHaveAttribute('aria-label', /待接单，\d+ 单/);
  await page.waitForTimeout(1500);
  const pageTitle = await page.title();

  const order = await payOne(page, '13700008801');
  const notice = page.getByTestId('order-alert').filter({ hasText: order.goods.name });
  await notice.waitFor({ state: 'visible', timeout: 5000 });
  const ms = Date.now() - order.payStarted;
  console.log(`new-order notice on 商品管理 ${ms} ms after the customer paid`);
  expect(ms).toBeLessThan(5000);
  await expect(notice).toContainText('新订单待接单');
  await expect(notice).toContainText(`服务：${order.goods.name}`);
  await expect(notice).toContainText(/预约：\d{4}-\d\d-\d\d \d\d:\d\d/);
  // the address in short: no province and city
  await expect(notice).toContainText('地址：盐湖区测试大道 99 号 1-1-101');
  await expect(notice).not.toContainText('13700008801');

  // the title flashes while nobody has looked
  await expect.poll(async () => page.title(), { timeout: 5000 }).toMatch(/^【新订单】/);
  const titles = new Set<string>();
  for (let i = 0; i < 6; i++) {
    titles.add(await page.title());
    await page.waitForTimeout(400);
  }
  expect([...titles].some((t) => t.startsWith('【新订单】'))).toBe(true);
  expect(titles.has(pageTitle)).toBe(true);
  await shot(page, 'order-alerts-notice');

  // the user is back: a mouse move stops the flashing; the pointer on the notice holds it (it hides by itself after
  // 10 s otherwise: notices-layout.spec.ts)
  await page.mouse.move(400, 400);
  await page.mouse.move(420, 410);
  await expect.poll(async () => page.title()).toBe(pageTitle);
  await notice.hover();
  await page.waitForTimeout(2500);
  expect(await page.title()).toBe(pageTitle);
  await expect(notice).toBeVisible();

  await notice.getByRole('button', { name: '去接单' }).click();
  await expect(page).toHaveURL(/#\/dingdanjiedan/);
  await expect(notice).toBeHidden();
  const row = page.getByTestId(`waiting-${order.orderNo}`);
  await expect(row).toBeVisible();
  // newest first: the order just paid is the first of the list
  await expect(page.getByTestId(/^waiting-(?!count$)/).first()).toHaveAttribute(
    'data-testid',
    `waiting-${order.orderNo}`,
  );
  await shot(page, 'order-alerts-taking-top');
});

test('with the tab in the background a browser notification is shown; 提醒设置 switches the beep off', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['notifications']);
  // Record what the page asks the browser to show (the real Notification is still called).
  await page.addInitScript(() => {
    const Real = window.Notification;
    const shown: { title: string; body?: string }[] = [];
    (window as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
    class Recording extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        shown.push({ title, body: options?.body });
      }
    }
    window.Notification = Recording as typeof Notification;
  });
  await signIn(page, DEMO.ownerA);

  // 提醒设置 from the header's user menu
  await page.getByTestId('user-menu').hover();
  await page.getByRole('menuitem', { name: '提醒设置' }).click();
  await expect(page).toHaveURL(/#\/tixingshezhi/);
  await expect(page.getByTestId('browser-permission')).toHaveText('浏览器已允许');
  await expect(page.getByRole('switch', { name: '浏览器通知' })).toBeChecked();
  await shot(page, 'order-alerts-settings');

  // the tab goes to the background
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.hasFocus = () => false;
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const order = await payOne(page, '13700008802');
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { shownNotifications: { title: string }[] }).shownNotifications),
    )
    .toContainEqual(
      expect.objectContaining({ title: expect.stringMatching(new RegExp(`^新订单：${order.goods.name}`)) }),
    );
  const [note] = await page.evaluate(
    () => (window as unknown as { shownNotifications: { title: string; body: string }[] }).shownNotifications,
  );
  expect(note.body).toMatch(/^预约 \d{4}-\d\d-\d\d \d\d:\d\d\n盐湖区测试大道 99 号 1-1-101$/);
  await page.reload();
  await expect(page.getByRole('switch', { name: '新订单提示音' })).toBeVisible();

  // the beep off: the next order does not ring (订单接单 counts the tones)
  const sound = page.getByRole('switch', { name: '新订单提示音' });
  await sound.click();
  await expect(sound).not.toBeChecked();
  await page.goto('/#/dingdanjiedan');
  await expect(page.getByTestId('stream-state')).toContainText('实时接单已连接');
  const beeps = await page.getByTestId('sound-state').getAttribute('data-beeps');
  const quiet = await payOne(page, '13700008803');
  await expect(page.getByTestId(`waiting-${quiet.orderNo}`)).toBeVisible({ timeout: 5000 });
  await expect(page.getByTestId(`waiting-${quiet.orderNo}`)).toHaveAttribute('data-fresh', 'true');
  await page.waitForTimeout(500);
  expect(await page.getByTestId('sound-state').getAttribute('data-beeps')).toBe(beeps);
  await shot(page, 'order-alerts-taking-highlight');
});

test('a merchant without a shop asks neither a stream ticket nor the waiting count', async ({ page }) => {
  test.setTimeout(90_000);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/stream\/ticket|findDaijiedanCount/.test(r.url())) asked.push(r.url());
  });
  // a new phone signs up as the owner of a new merchant without a shop
  await page.goto('/#/login');
  await page.getByLabel('手机号').fill('13955550731');
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeVisible();
  await page.getByLabel('验证码').fill('123456');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/#\/index/);
  await page.waitForTimeout(12_000);
  expect(asked).toEqual([]);
  await expect(page.getByTestId('order-badge')).toHaveCount(0);
  await page.goto('/#/dingdanjiedan');
  await expect(page.getByText(/还没有店铺/)).toBeVisible();
  await page.waitForTimeout(3000);
  expect(asked).toEqual([]);
  await shot(page, 'order-alerts-no-shop');
});
