import { expect, test } from '@playwright/test';
import { useMainShop } from '../support/api.ts';
import { DEMO, shot, signIn } from '../support/session.ts';

test('the owner reads 员工数据 and 运营数据 with charts and exports them', async ({ page }) => {
  test.setTimeout(120_000);
  await useMainShop(page.request, DEMO.ownerA); // the demo employees below work in the main shop
  await signIn(page, DEMO.ownerA);

  // 数据中心 -> 员工数据: the demo orders of the last 30 days, a top-employees chart, sortable columns.
  await page.getByRole('menu').getByText('数据中心').click();
  await page.getByRole('menu').getByText('员工数据').click();
  await expect(page).toHaveURL(/#\/gongsiyuangongshuju$/);
  await expect(page.getByText(/共 \d+ 名员工/)).toBeVisible();
  await expect(page.getByRole('row', { name: /张秀兰/ })).toBeVisible();
  // The name search narrows the rows (and the pager's total); clearing it brings them back.
  const search = page.getByRole('searchbox', { name: '员工姓名' });
  await search.fill('张秀兰');
  await search.press('Enter');
  await expect(page.getByText('共 1 名员工')).toBeVisible();
  await search.fill('');
  await search.press('Enter');
  await expect(page.getByText(/共 ([2-9]|\d{2,}) 名员工/)).toBeVisible();
  await expect(page.locator('.ant-card').filter({ hasText: '服务收入 Top' }).locator('svg').first()).toBeVisible();
  await page.getByRole('columnheader', { name: '服务订单' }).click();
  await expect(page.getByRole('columnheader', { name: '服务订单' })).toHaveAttribute(
    'aria-sort',
    /(ascending|descending)/,
  );
  const employeeFile = page.waitForEvent('download');
  await page.getByRole('button', { name: /导出 Excel/ }).click();
  expect((await employeeFile).suggestedFilename()).toMatch(
    /^员工数据_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}_\d{14}\.xlsx$/,
  );
  await shot(page, 'stats-employee');

  // 运营数据: figures, the daily trend, goods ranking and category share.
  await page.getByRole('menu').getByText('运营数据').click();
  await expect(page).toHaveURL(/#\/yunyingshuju$/);
  await expect(page.getByText('支付订单').first()).toBeVisible();
  const trend = page.locator('.ant-card').filter({ hasText: '每日趋势' });
  await expect(trend.locator('svg').first()).toBeVisible();
  await expect(page.locator('.ant-card').filter({ hasText: '商品排行' }).locator('tbody tr').first()).toBeVisible();
  await expect(page.locator('.ant-card').filter({ hasText: '类目占比' }).locator('svg').first()).toBeVisible();
  // All shops: at least the current shop's paid orders.
  await page.locator('.ant-select').filter({ hasText: '当前店铺' }).click();
  await page.getByTitle('全部店铺').click();
  await expect(page.locator('.ant-select').filter({ hasText: '全部店铺' })).toBeVisible();
  const opsFile = page.waitForEvent('download');
  await page.getByRole('button', { name: /导出 Excel/ }).click();
  expect((await opsFile).suggestedFilename()).toMatch(/^运营数据_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}_\d{14}\.xlsx$/);
  await shot(page, 'stats-operations');

  // 员工详情 shows the employee's orders and reviews.
  await page.goto('/#/gongsiyuangong');
  await page
    .getByRole('row', { name: /张秀兰/ })
    .getByRole('button', { name: '详情' })
    .click();
  await expect(page.getByText('当前订单')).toBeVisible();
  await expect(page.getByText('最近订单')).toBeVisible();
  await shot(page, 'stats-employee-orders');
});

test('merchant B sees only its own employees in 员工数据', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.ownerB);
  await page.goto('/#/gongsiyuangongshuju');
  await expect(page.locator('.ant-table-tbody tr').first()).toBeVisible();
  await expect(page.getByRole('row', { name: /张秀兰/ })).toHaveCount(0);
});
