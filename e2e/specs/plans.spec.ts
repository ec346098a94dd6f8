import { ruleText, weekdayName } from '@jz/contracts/constants/plan';
import { weekdayOf } from '@jz/contracts/shanghai-time';
import { expect, type Page, test } from '@playwright/test';
import { clientFor, useMainShop } from '../support/api.ts';
import { DEMO, signIn } from '../support/session.ts';

/**
 * The page's content fits its column: nothing of it scrolls the content area sideways (a wide table scrolls inside
 * itself). Measured on the content area, not the window: the console's frame is another page's concern.
 */
async function fitsWidth(page: Page) {
  const { scroll, client } = await page.evaluate(() => {
    const main = document.querySelector('main.jz-content') as HTMLElement;
    return { scroll: main.scrollWidth, client: main.clientWidth };
  });
  expect(scroll, 'the content scrolls sideways').toBeLessThanOrEqual(client + 1);
}

/** A Shanghai calendar day n days from now. */
const shanghaiDay = (n: number) => new Date(Date.now() + 8 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);

/** Picks the first option (with the text) of an antd Select of the dialog: opens it, optionally types, presses Enter. */
async function pick(page: Page, label: string, option: RegExp | string, type?: string) {
  const field = page.getByRole('dialog').getByLabel(label, { exact: true });
  await field.click();
  if (type) await field.fill(type);
  await expect(page.locator('.ant-select-item-option-active', { hasText: option }).last()).toBeVisible();
  await field.press('Enter');
}

// 周期服务 in the browser: the form refuses an empty save, a weekly plan is made for a client made by hand, its detail
// lists the booked visits (or why one could not be booked), it is paused and ended with confirmations; 1366 and 1600 px.
test('周期服务: create a weekly plan, see its visits, pause and end it (1366 and 1600 px)', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await useMainShop(request, DEMO.ownerA);
  const api = await clientFor(request, DEMO.ownerA);
  const name = `周期e2e${Date.now() % 100000}`;
  const phone = `139${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  const made = await api.post('app/jiazheng/kehu/add', {
    name,
    phone,
    address: JSON.stringify({
      detail: '运城市盐湖区河东东街 88 号 3 单元 501',
      areaM2: 90,
      lat: 35.0316,
      lng: 111.0045,
    }),
  });
  expect(made.code, JSON.stringify(made)).toBe(200);

  await signIn(page, DEMO.ownerA);
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto('/#/zhouqifuwu');
  await expect(page.getByRole('button', { name: '新增周期服务' })).toBeVisible();
  await expect(page.locator('.ant-table')).toBeVisible();
  await fitsWidth(page);
  await page.screenshot({ path: 'screenshots/plans-list-1366.png' });

  await page.getByRole('button', { name: '新增周期服务' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('新增周期服务')).toBeVisible();
  // Validates before submitting: every missing field is named, nothing is sent.
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请选择客户')).toBeVisible();
  await expect(dialog.getByText('请选择每周的服务日')).toBeVisible();
  await page.screenshot({ path: 'screenshots/plans-form-errors-1366.png' });

  await pick(page, '客户', name, name);
  await pick(page, '服务地址', '河东东街');
  await pick(page, '服务商品', /./);
  // The weekdays of the start day and two days later: the four visits fall within 11 days of it, inside the 14-day
  // booking horizon whatever today's weekday (fixed weekdays would leave the fourth beyond it on some days).
  const start = shanghaiDay(2);
  const weekdays = [weekdayOf(start) + 1, weekdayOf(shanghaiDay(4)) + 1];
  for (const d of weekdays) await dialog.getByLabel(weekdayName(d), { exact: true }).check();
  const rule = ruleText({ ruleKind: 'weekly', weekdays, everyWeeks: 1, monthDay: null, startTime: '09:00' });
  await expect(dialog.getByText(`规则预览：${rule}`)).toBeVisible();
  await dialog.getByLabel('开始日期').fill(start);
  await dialog.getByLabel('开始日期').press('Enter');
  await dialog.getByLabel('服务次数').fill('4');
  await page.screenshot({ path: 'screenshots/plans-form-1366.png' });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();

  // The detail opens on the new plan: booked visits awaiting payment, or exceptions with their reasons.
  const drawer = page.getByRole('dialog', { name: '周期服务详情' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('之后的服务日')).toHaveCount(0); // 4 visits, all booked
  await expect(drawer.getByText(rule)).toBeVisible();
  const rows = drawer.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).toContainText(/待付款|未能排期/);
  await page.screenshot({ path: 'screenshots/plans-detail-1366.png' });

  await drawer.getByRole('button', { name: /暂\s*停/ }).click();
  await page
    .getByRole('button', { name: /确\s*定/ })
    .last()
    .click();
  await expect(drawer.getByText('已暂停')).toBeVisible();
  await drawer.getByRole('button', { name: /^结\s*束$/ }).click();
  const end = page.getByRole('dialog', { name: '结束周期服务' });
  await end.getByText('全部取消').click();
  await end.getByRole('button', { name: /结\s*束/ }).click();
  await page
    .getByRole('button', { name: /确\s*定/ })
    .last()
    .click();
  await expect(drawer.getByText('已结束')).toBeVisible();
  await expect(rows.first()).toContainText('已取消');
  await drawer.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();

  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto('/#/zhouqifuwu');
  const row = page.getByRole('row', { name: new RegExp(name) }).first();
  await expect(row).toContainText('已结束');
  await fitsWidth(page);
  await page.screenshot({ path: 'screenshots/plans-list-1600.png' });
  await row.getByRole('button', { name: '详情' }).click();
  await expect(drawer.getByText('结束并取消以后的订单').or(drawer.getByText('已结束')).first()).toBeVisible();
  await page.screenshot({ path: 'screenshots/plans-detail-1600.png' });
});
