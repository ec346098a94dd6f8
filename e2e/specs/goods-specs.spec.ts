import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { useMainShop } from '../support/api.ts';
import { DEMO, signIn } from '../support/session.ts';
import { docImage } from '../support/doc-image.ts';

/**
 * Goods specifications (docs/goods-specifications.md §8): the owner sells 日常保洁 as 2/3/4 小时 packages and
 * 开荒保洁 by area (two bands and a per-㎡ price with a minimum), sees the price ranges in the list and raises both by
 * 10 % with 批量改价. Screenshots for the docs go to docs/images/ with DOC_IMAGES=1 (support/doc-image.ts).
 */
const DAILY = '日常保洁（小时套餐）';
const FIRST_CLEAN = '开荒保洁（按面积）';

test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ request }) => useMainShop(request, DEMO.ownerA));

/** A real cover picture, drawn by the browser's canvas. */
async function coverPng(page: Page, text: string) {
  const b64 = await page.evaluate((t) => {
    const c = document.createElement('canvas');
    c.width = 200;
    c.height = 150;
    const x = c.getContext('2d')!;
    x.fillStyle = '#1677ff';
    x.fillRect(0, 0, 200, 150);
    x.fillStyle = '#fff';
    x.font = '28px sans-serif';
    x.fillText(t, 44, 85);
    return c.toDataURL('image/png').split(',')[1];
  }, text);
  return Buffer.from(b64, 'base64');
}

/** The spec table's cell of row `i`, by its form id. */
const cell = (page: Page, i: number, field: string) => page.locator(`#goodsForm_specs_${i}_${field}`);

/** Picks an option in a row's select (only the open dropdown's options count). */
async function pick(page: Page, i: number, field: string, label: string) {
  await cell(page, i, field).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true }).click();
}

interface SpecLine {
  name: string;
  mode?: '按面积段' | '按单位计价';
  unit?: string;
  price: string;
  minutes: string;
  min?: string;
  minCharge?: string;
  areaMin?: string;
  areaMax?: string;
}

async function fillGoods(page: Page, category: string, name: string, cover: string, specs: SpecLine[]) {
  await page.goto('/#/shangpinAdd');
  await expect(page.getByText('新增商品').first()).toBeVisible();
  await page.getByLabel('服务类目').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(category, { exact: true }).click();
  await page.getByLabel('商品名称').fill(name);
  await page
    .locator('.ant-form-item', { hasText: '封面图' })
    .locator('input[type=file]')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await coverPng(page, cover) });
  await expect(page.getByText('上传成功').first()).toBeVisible();
  for (const [i, s] of specs.entries()) {
    if (i > 0) await page.getByRole('button', { name: '添加规格' }).click();
    await cell(page, i, 'name').fill(s.name);
    if (s.mode) await pick(page, i, 'mode', s.mode);
    if (s.unit) await pick(page, i, 'unit', s.unit);
    await cell(page, i, 'priceYuan').fill(s.price);
    await cell(page, i, 'durationMinutes').fill(s.minutes);
    if (s.min) await cell(page, i, 'minQuantity').fill(s.min);
    if (s.minCharge) await cell(page, i, 'minChargeYuan').fill(s.minCharge);
    if (s.areaMin) await cell(page, i, 'areaMin').fill(s.areaMin);
    if (s.areaMax) await cell(page, i, 'areaMax').fill(s.areaMax);
  }
}

/** Serious or critical WCAG 2.1 A/AA problems (the same rules and exclusions as a11y.spec.ts). */
async function seriousViolations(page: Page) {
  const r = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('.w-e-toolbar')
    .exclude('.w-e-text-container')
    .exclude('.ant-table-measure-row')
    .analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3)}`);
}

/** The 启用 switch of row `i` of the spec table. */
const enabled = (page: Page, i: number) =>
  page
    .getByRole('row')
    .filter({ has: cell(page, i, 'name') })
    .getByRole('switch', { name: '启用' });

const save = (page: Page) => page.getByRole('button', { name: /保\s*存/ }).click();
const goodsRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });

test('owner sells goods by specifications and sees the price ranges in the list and the detail', async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, DEMO.ownerA);

  // 日常保洁: three packages; the preview above the table is what customers will read.
  await fillGoods(page, '日常保洁', DAILY, '日常保洁', [
    { name: '2小时', price: '120', minutes: '120' },
    { name: '3小时', price: '159', minutes: '180' },
    { name: '4小时', price: '199', minutes: '240' },
  ]);
  await expect(page.getByTestId('spec-price-range')).toHaveText('¥120 起');
  await save(page);
  await expect(page).toHaveURL(/#\/shangpinguanli/);
  await expect(goodsRow(page, DAILY)).toContainText('¥120 起');
  await expect(goodsRow(page, DAILY)).toContainText('3 个规格');

  // Editing loads the specifications with their ids; 4小时 goes 停用 and the item keeps its three.
  await goodsRow(page, DAILY)
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await expect(cell(page, 2, 'name')).toHaveValue('4小时');
  await expect(cell(page, 1, 'priceYuan')).toHaveValue('159.00');
  await expect(enabled(page, 2)).toBeChecked();
  await enabled(page, 2).click();
  await expect(enabled(page, 2)).not.toBeChecked();
  await save(page);
  await expect(page).toHaveURL(/#\/shangpinguanli/);
  await expect(goodsRow(page, DAILY)).toContainText('¥120 起');
  await expect(goodsRow(page, DAILY)).toContainText('3 个规格');
  // The stop was saved: the edit page loads 4小时 switched off (the others on), the detail says 停用.
  await goodsRow(page, DAILY)
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await expect(cell(page, 2, 'name')).toHaveValue('4小时');
  await expect(enabled(page, 0)).toBeChecked();
  await expect(enabled(page, 1)).toBeChecked();
  await expect(enabled(page, 2)).not.toBeChecked();
  await page.goto('/#/shangpinguanli');
  await goodsRow(page, DAILY)
    .getByRole('button', { name: /详\s*情/ })
    .click();
  await expect(page).toHaveURL(/#\/shangpinxiangqing\?id=\d+/);
  const specRow = (name: string) =>
    page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(specRow('4小时')).toContainText('停用');
  await expect(specRow('2小时')).toContainText('启用');
  await expect(specRow('3小时')).toContainText('启用');

  // 开荒保洁: overlapping bands are refused above the table, then fixed; a per-㎡ price with a minimum charge.
  await fillGoods(page, '开荒保洁', FIRST_CLEAN, '开荒保洁', [
    { name: '60㎡以下', mode: '按面积段', price: '360', minutes: '240', areaMax: '60' },
    { name: '60-90㎡', mode: '按面积段', price: '480', minutes: '360', areaMin: '50', areaMax: '90' },
    { name: '按平方米', mode: '按单位计价', unit: '平方米', price: '6', minutes: '3', min: '30', minCharge: '300' },
  ]);
  // (said above the table and on the later band's 面积段 cell)
  await expect(page.getByText('面积段「60㎡以下」（60㎡以下）与「60-90㎡」（50-90㎡）重叠').first()).toBeVisible();
  await save(page);
  await expect(page).toHaveURL(/#\/shangpinAdd/);
  // half-open bands: 60 itself belongs to 60-90㎡
  await cell(page, 1, 'areaMin').fill('60');
  await expect(page.getByText(/^面积段.*重叠$/)).toHaveCount(0);
  await expect(page.getByTestId('spec-price-range')).toHaveText('¥6/平方米 起');
  // The docs' picture: a wide screen shows the whole table, scrolled back to its first column.
  await page.setViewportSize({ width: 1920, height: 1000 });
  await page.locator('.ant-table-content').evaluateAll((els) => {
    for (const el of els) el.scrollLeft = 0;
  });
  await page.screenshot({ path: docImage('goods-spec-form.png'), fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 1600, height: 900 });
  expect(await seriousViolations(page)).toEqual([]);
  await save(page);
  await expect(page).toHaveURL(/#\/shangpinguanli/);
  await expect(goodsRow(page, FIRST_CLEAN)).toContainText('¥6/平方米 起');

  // The detail lists the specifications as customers read them.
  await goodsRow(page, FIRST_CLEAN)
    .getByRole('button', { name: /详\s*情/ })
    .click();
  await expect(page).toHaveURL(/#\/shangpinxiangqing\?id=\d+/);
  const specs = page.locator('.ant-card', { hasText: '规格' }).filter({ has: page.getByText('适用面积') });
  await expect(specs).toContainText('¥6/平方米（¥300 起步）');
  await expect(specs).toContainText('60-90㎡');
  await page.screenshot({ path: 'screenshots/goods-spec-detail.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
});

test('批量改价: both items +10 %, previewed, then confirmed', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.ownerA);
  await page.goto('/#/shangpinguanli');
  await goodsRow(page, DAILY).getByRole('checkbox').check();
  await goodsRow(page, FIRST_CLEAN).getByRole('checkbox').check();
  await page.getByRole('button', { name: '批量改价' }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: '批量改价' });
  // ¥6 less would bring the ¥6/平方米 price to 0: refused in place, nothing can be confirmed.
  await dialog.getByLabel('调整幅度').fill('-6');
  await dialog.getByRole('button', { name: /预\s*览/ }).click();
  await expect(dialog.getByText(/有 1 个规格无法按此调整/)).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: '按平方米' }).locator('.ant-typography-danger')).toHaveText(
    '调整后价格须大于 0（原价 ¥6，调整后 ¥0）',
  );
  await expect(dialog.getByRole('row').filter({ hasText: '2小时' })).toContainText('¥114.00');
  await expect(dialog.getByRole('button', { name: '确认改价' })).toBeDisabled();
  // +10 % instead.
  await dialog.getByText('按比例').click();
  await dialog.getByLabel('调整幅度').fill('10');
  await expect(dialog.getByText(/点击「预览」/)).toBeVisible();
  await dialog.getByRole('button', { name: /预\s*览/ }).click();
  await expect(dialog.getByText('将调整 6 个规格的价格。')).toBeVisible();
  await expect(dialog.getByRole('button', { name: '确认改价' })).toBeEnabled();
  await expect(dialog.getByRole('row').filter({ hasText: '2小时' })).toContainText('¥132.00');
  await expect(dialog.getByRole('row').filter({ hasText: '3小时' })).toContainText('¥174.90');
  await page.screenshot({ path: docImage('goods-price-change.png'), animations: 'disabled' });
  await dialog.getByRole('button', { name: '确认改价' }).click();
  await expect(page.getByText('已调整 6 个规格的价格')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(goodsRow(page, DAILY)).toContainText('¥132 起');
  await expect(goodsRow(page, FIRST_CLEAN)).toContainText('¥6.60/平方米 起');
});
