import { expect, type Page, test } from '@playwright/test';
import { DEMO, signIn } from '../support/session.ts';

/**
 * Nothing wider than the console's frame: the window, or the 1500 px frame that narrower windows scroll sideways by
 * design (docs/spec-notes.md, styles.css); a wide table scrolls inside itself.
 */
async function fitsWidth(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll, 'the page is wider than its frame').toBeLessThanOrEqual(Math.max(inner, 1500));
}

/** Screenshots once the dialog's opening animation is over. */
async function dialogShot(page: Page, name: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el.closest('.ant-modal') ?? el).opacity)).toBe('1');
  await page.screenshot({ path: `screenshots/${name}.png` });
}

// The card pages open and render at the console's widths (the full journey is written after 周期服务 exists).
test('卡项管理 and 售卡记录 open with their forms (1366 and 1600 px)', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.ownerA);
  for (const width of [1366, 1600]) {
    await page.setViewportSize({ width, height: 860 });
    await page.goto('/#/kaxiangguanli');
    await expect(page.getByText('卡项管理').first()).toBeVisible();
    await fitsWidth(page);
    await page.getByRole('button', { name: /新增/ }).first().click();
    await expect(page.getByRole('dialog').getByText('新增卡项')).toBeVisible();
    await dialogShot(page, `cards-product-form-${width}`);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await page.goto('/#/shoukajilu');
    await expect(page.getByText('预收余额').first()).toBeVisible();
    await fitsWidth(page);
    await page.screenshot({ path: `screenshots/cards-sales-${width}.png` });
    await page.getByRole('button', { name: '售卡（线下收款）' }).click();
    await expect(page.getByRole('dialog').getByText('售卡（线下收款）')).toBeVisible();
    await dialogShot(page, `cards-sell-${width}`);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /取\s*消/ })
      .click();
  }
});

// A 储值卡 made in the form, sold offline to a client, refunded with a reason; its money shows as 预收 on 收支明细 and
// 运营数据 (the figures' arithmetic is proven by server/test/card-figures.test.ts).
test('a 储值卡 is made, sold offline and refunded; 收支明细 and 运营数据 show 预收（卡项）', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, DEMO.ownerA);
  await page.setViewportSize({ width: 1366, height: 900 });
  const name = `储值 e2e ${Date.now() % 100000}`;

  await page.goto('/#/kaxiangguanli');
  await page.getByRole('button', { name: /新增/ }).first().click();
  const form = page.getByRole('dialog');
  await form.getByText('储值卡').click();
  await form.getByLabel('卡项名称').fill(name);
  await form.getByLabel('充值金额').fill('1000');
  await form.getByLabel('赠送金额').fill('100');
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(form).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('储值 ¥1,000.00 + 赠 ¥100.00');

  await page.goto('/#/shoukajilu');
  await page.getByRole('button', { name: '售卡（线下收款）' }).click();
  const sell = page.getByRole('dialog');
  await sell.getByLabel('卡项').click();
  await page.locator('.ant-select-item-option', { hasText: name }).click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await sell.getByLabel('客户').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await sell.getByRole('button', { name: '确认已收款并售卡' }).click();
  await expect(sell).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(name) }).first();
  await expect(row).toContainText('¥1,000.00 + 赠 ¥100.00');
  await expect(row).toContainText('有效');

  await row.getByRole('button', { name: '退卡' }).click();
  const refund = page.getByRole('dialog');
  await expect(refund.getByText('退还客户 ¥1,000.00')).toBeVisible();
  await expect(refund).toContainText('赠送余额 ¥100.00 作废');
  await refund.getByRole('button', { name: '确认退卡' }).click();
  await expect(refund.getByText('请填写退卡原因')).toBeVisible();
  await refund.getByLabel('退卡原因').fill('客户搬离服务区域');
  await dialogShot(page, 'cards-refund-1366');
  await refund.getByRole('button', { name: '确认退卡' }).click();
  await expect(refund).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(name) }).first()).toContainText('已退卡');

  for (const width of [1366, 1600]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/#/shouzhimingxi');
    const ledger = page.getByTestId('card-flows');
    await expect(ledger).toContainText('售卡收款');
    await expect(ledger).not.toContainText('售卡收款¥0.00');
    await expect(ledger).toContainText('期末预收余额');
    await fitsWidth(page);
    await page.screenshot({ path: `screenshots/cards-ledger-${width}.png`, fullPage: true });

    await page.goto('/#/yunyingshuju');
    const ops = page.getByTestId('card-flows');
    await expect(ops).toContainText('退卡退款');
    await fitsWidth(page);
    await page.screenshot({ path: `screenshots/cards-operations-${width}.png`, fullPage: true });
  }
});
