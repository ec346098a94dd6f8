import { expect, test } from '@playwright/test';
import { DEMO, shot, signIn } from '../support/session.ts';

test('the owner books a courier pick-up, reads its timeline and cancels it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.ownerA);
  await page.getByRole('menu').getByText('订单中心').click();
  await page.getByRole('menu').getByText('快递下单').click();
  await expect(page).toHaveURL(/#\/kuaidixiadan$/);
  await expect(page.getByText(/共 \d+ 条/)).toBeVisible();
  await expect(page.getByRole('row', { name: /运输中/ }).first()).toBeVisible();

  // The demo pick-up in transit has a timeline.
  await page
    .getByRole('row', { name: /运输中/ })
    .first()
    .getByRole('button', { name: '详情' })
    .click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.getByText('物流轨迹')).toBeVisible();
  await expect(drawer.getByText('快递员已上门揽收')).toBeVisible();
  await drawer.locator('.ant-drawer-close').click();

  // Book: the sender comes from the current shop.
  await page.getByRole('button', { name: '快递下单' }).click();
  const form = page.locator('form#courier-add');
  await expect(form.getByLabel('寄件地址（默认当前店铺地址）')).toHaveValue(/河东东街 88 号/);
  await page.getByRole('button', { name: '提交下单' }).click();
  await expect(page.getByText('请输入收件人')).toBeVisible();
  await form.getByLabel('收件人', { exact: true }).fill('测试收件人');
  await form.getByLabel('收件电话').fill('13912340000');
  await form.getByLabel('收件地址').fill('北京市海淀区中关村大街 1 号');
  await form.getByLabel('物品名称').fill('样品');
  await form.getByLabel('重量（公斤）').fill('1.5');
  await page.getByRole('button', { name: '提交下单' }).click();
  await expect(page.getByText('下单成功')).toBeVisible();
  const row = page.getByRole('row', { name: /测试收件人/ });
  await expect(row).toContainText('待揽收');
  await expect(row).toContainText(/SF\d{12}/);
  await shot(page, 'courier-list');

  // Cancel: reason, then the confirmation.
  await row.getByRole('button', { name: '取消' }).click();
  await page.locator('form#courier-cancel').getByLabel('取消原因').fill('客户改期');
  await page.getByRole('button', { name: '取消快递' }).click();
  await expect(page.getByText(/确定取消运单/)).toBeVisible();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(row).toContainText('已取消');
  await row.getByRole('button', { name: '详情' }).click();
  await expect(page.locator('.ant-drawer').getByText('商家取消：客户改期')).toBeVisible();
  await shot(page, 'courier-detail');
});

test("merchant B does not see merchant A's pick-ups", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.ownerB);
  await page.goto('/#/kuaidixiadan');
  await expect(page.getByText(/共 \d+ 条/)).toBeVisible();
  await expect(page.getByRole('row', { name: /测试收件人/ })).toHaveCount(0);
});
