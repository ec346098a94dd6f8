import { expect, type Page, test } from '@playwright/test';
import { clientFor, useMainShop } from '../support/api.ts';
import { customerToken, goodsOfShop, placeAndPay } from '../support/customer.ts';
import { DEMO, shot, signIn } from '../support/session.ts';

/**
 * A merchant's day with orders (docs/dispatch.md): 验券 two days early asks first (取消 uses nothing, 确定 starts the
 * service) and 确认完成 then waits for the visit, saying from when; the order's 服务单 prints alone with the 派工单's
 * stylesheet; 订单管理 filters by 预约日期 (the export with it); 订单接单 sorts by appointment and remembers it.
 * Screenshots at 1366 and 1600 px.
 */
const WIDTHS = [1366, 1600] as const;

async function open(page: Page, path: string, ready: RegExp) {
  await page.goto(`/#${path}`);
  await expect(page.getByText(ready).first()).toBeVisible({ timeout: 30_000 });
}

/** The Shanghai calendar day `days` from today. */
const shanghaiDay = (days = 0) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

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

test('验券 two days early asks first; 确认完成 waits for the visit; the 服务单 prints alone', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await useMainShop(request, DEMO.ownerA);
  const headers = await customerToken(request, '13700009971');
  const order = await placeAndPay(request, headers, await goodsOfShop(request, '运城洁家家政（总店）'));
  const owner = await clientFor(request, DEMO.ownerA);
  const free = await owner.get('app/jiazheng/pay/dingdan/findYuangong', { id: order.id });
  const took = await owner.post('app/jiazheng/pay/dingdan/setYuangong', {
    id: order.id,
    yuangongId: free.result[0].id,
  });
  expect(took.code, JSON.stringify(took)).toBe(200);
  const status = async () => (await owner.get(`app/jiazheng/pay/dingdan/findById/${order.id}`)).result.status;

  await signIn(page, DEMO.ownerA);
  await page.setViewportSize({ width: 1366, height: 900 });
  await open(page, '/yanquanguanli', /验券记录/);
  await page.getByLabel('券码').fill(order.code);
  await page.getByRole('button', { name: /验\s*券/ }).click();
  const ask = page.getByRole('dialog').filter({ hasText: '警告提示' });
  await expect(ask).toContainText(/该订单预约 \d\d-\d\d \d\d:\d\d，还有约 \d+ (小时|天)，确定现在验券并开始服务吗？/);
  await shot(page, 'orders-day-verify-ask-1366');
  await ask.getByRole('button', { name: /取\s*消/ }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByTestId('verify-result')).toHaveCount(0);
  expect(await status()).toBe(30); // nothing used

  await page.getByRole('button', { name: /验\s*券/ }).click();
  await ask.getByRole('button', { name: /确\s*定/ }).click();
  const result = page.getByTestId('verify-result');
  await expect(result).toContainText(order.orderNo);
  await expect(result).toContainText('服务中');
  expect(await status()).toBe(40);
  const complete = page.getByTestId('verify-actions').getByRole('button', { name: '确认完成' });
  await expect(complete).toBeDisabled();
  await complete.hover({ force: true });
  await expect(page.getByRole('tooltip')).toContainText(/\d\d-\d\d \d\d:\d\d 起可确认完成（预约 \d\d-\d\d \d\d:\d\d）/);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `orders-day-verify-early-${width}`);
  }
  // the server says the same to a caller that skips the page
  const early = await owner.post('app/jiazheng/pay/dingdan/queren', { id: order.id });
  expect(early.code).toBe(2004);
  expect(early.message).toMatch(/尚未到服务时间，\d\d-\d\d \d\d:\d\d 起才能确认完成$/);

  // the drawer's 打印服务单: the sheet, then on paper only the sheet
  await page.getByTestId('verify-actions').getByRole('button', { name: '查看订单' }).click();
  const drawer = page.getByRole('dialog', { name: /订单详情/ });
  await expect(drawer).toContainText(order.orderNo, { timeout: 30_000 });
  await drawer.getByRole('button', { name: '打印服务单' }).click();
  const sheet = page.getByTestId('service-sheet');
  await expect(sheet).toContainText('服务单');
  await expect(sheet).toContainText(`单号 ${order.orderNo}`);
  for (const label of ['预约时间', '服务地址', '商品', '规格', '服务人员', '备注', '实付金额', '客户签字'])
    await expect(sheet.getByRole('row', { name: new RegExp(`^${label}`) })).toBeVisible();
  await expect(sheet).toContainText('测试大道 99 号');
  await expect(sheet).toContainText('E2E 实时订单');
  await expect(sheet).toContainText(free.result[0].name);
  await expect(page.getByRole('dialog', { name: /服务单/ }).getByRole('button', { name: /打\s*印/ })).toBeEnabled();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `orders-day-service-sheet-${width}`);
  }
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('#root')).toBeHidden();
  await expect(drawer).toBeHidden();
  await expect(sheet).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `orders-day-service-sheet-print-${width}`);
  }
  await page.emulateMedia({ media: 'screen' });
});

test('订单管理 by 预约日期: every row on the day, the export with the same filter', async ({ page }) => {
  test.setTimeout(120_000);
  const day = shanghaiDay(2);
  await signIn(page, DEMO.ownerA);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await open(page, '/dingdanguanli', /共 \d+ 条/);
  // Enter in the picker may submit the form already: listen before picking
  const asked = page.waitForResponse(
    (r) => r.url().includes(`appointmentStartDate=${day}`) && r.url().includes(`appointmentEndDate=${day}`),
  );
  await pickRange(page, '预约日期', day, day);
  await page.getByRole('button', { name: /搜\s*索|查\s*询/ }).click();
  const body = await (await asked).json();
  expect(body.code).toBe(200);
  expect(body.result.records.length, 'the demo books orders two days ahead').toBeGreaterThan(0);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const col = await page.locator('.ant-table-thead th').allInnerTexts();
  const at = col.findIndex((t) => t.includes('预约时间'));
  expect(at).toBeGreaterThanOrEqual(0);
  const times = await rows.evaluateAll((trs, i) => trs.map((tr) => tr.children[i]?.textContent ?? ''), at);
  expect(times.length).toBeGreaterThan(0);
  for (const t of times) expect(t.startsWith(day.slice(5)), t).toBe(true);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 1000 });
    await shot(page, `orders-day-appointment-filter-${width}`);
  }
  const exported = page.waitForRequest((r) => r.url().includes('/pay/dingdan/export'));
  await page.getByRole('button', { name: /导出 Excel/ }).click();
  const sent = (await exported).postData() ?? '';
  expect(sent).toContain(`appointmentStartDate`);
  expect(sent).toContain(day);
});

test('订单接单 sorts by 预约时间 (soonest first) and remembers it; 按付款时间 stays', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.ownerA);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await open(page, '/dingdanjiedan', /待接单/);
  const cards = page.locator('[data-testid^="waiting-"]:not([data-testid="waiting-count"])');
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  // "MM-DD HH:mm" shows no year: in December an 01-05 visit comes after 12-30, so a month before this one reads as next year.
  const month = Number(
    new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', month: '2-digit' }).format(new Date()),
  );
  const inYear = (t: string, ahead: boolean) =>
    `${(ahead ? Number(t.slice(0, 2)) < month - 1 : Number(t.slice(0, 2)) <= month) ? 1 : 0}${t}`;
  const appointments = async () =>
    (await cards.allInnerTexts()).map((t) => inYear(/预约 (\d\d-\d\d \d\d:\d\d)/.exec(t)?.[1] ?? '', true));
  const sort = page.getByTestId('taking-sort');
  await sort.getByText('按预约时间（最近的在前）').click();
  await expect
    .poll(async () => {
      const a = await appointments();
      return a.length > 1 && a.join() === [...a].sort().join();
    })
    .toBe(true);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 1000 });
    await shot(page, `orders-day-taking-sort-${width}`);
  }
  await page.reload();
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  await expect(sort.locator('.ant-segmented-item-selected')).toHaveText('按预约时间（最近的在前）');
  const first = await appointments();
  expect(first.join()).toBe([...first].sort().join());
  await sort.getByText('按付款时间（最新的在前）').click();
  await expect(sort.locator('.ant-segmented-item-selected')).toHaveText('按付款时间（最新的在前）');
  const paid = async () =>
    (await cards.allInnerTexts()).map((t) => inYear(/付款于 (\d\d-\d\d \d\d:\d\d:\d\d)/.exec(t)?.[1] ?? '', false));
  const p = await paid();
  expect(p.join()).toBe([...p].sort().reverse().join());
});
