import { expect, type Page, test } from '@playwright/test';
import { useMainShop } from '../support/api.ts';
import { DEMO, signIn } from '../support/session.ts';

/**
 * docs/goods-specifications.md: area bands as merchants write them (0–80, 80–120, 120–) save; an overlapping band makes 保存 scroll to the
 * band's 面积段 cell, focus it and say so in a message (the cell says 与上方面积段重叠 on one line, the whole message
 * stands above the table); the 规格 table fits at 1366 px (服务时长 visible without a
 * sideways scroll); editing an employee says 编辑员工. Screenshots at 1366 and 1600 px in e2e/screenshots/.
 */
const GOODS = '深度保洁（按面积段·半开）';

test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ request }) => useMainShop(request, DEMO.ownerA));

const cell = (page: Page, i: number, field: string) => page.locator(`#goodsForm_specs_${i}_${field}`);
const save = (page: Page) => page.getByRole('button', { name: /保\s*存/ }).click();

async function pick(page: Page, i: number, field: string, label: string) {
  await cell(page, i, field).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true }).click();
}

async function coverPng(page: Page) {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 200;
    c.height = 150;
    const x = c.getContext('2d')!;
    x.fillStyle = '#13a8a8';
    x.fillRect(0, 0, 200, 150);
    return c.toDataURL('image/png').split(',')[1];
  });
  return Buffer.from(b64, 'base64');
}

async function band(page: Page, i: number, name: string, min: string, max: string, price: string) {
  if (i > 0) await page.getByRole('button', { name: '添加规格' }).click();
  await cell(page, i, 'name').fill(name);
  await pick(page, i, 'mode', '按面积段');
  await cell(page, i, 'priceYuan').fill(price);
  await cell(page, i, 'durationMinutes').fill('240');
  await cell(page, i, 'areaMin').fill(min);
  if (max) await cell(page, i, 'areaMax').fill(max);
}

/** The 规格 table shows every column without scrolling sideways, 服务时长 and 操作 inside the window. */
async function tableFits(page: Page, width: number) {
  for (const name of ['服务时长（分钟）', '操作']) {
    const box = await page.getByRole('columnheader', { name }).boundingBox();
    expect(box, name).not.toBeNull();
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(width);
  }
  const scroll = await page
    .locator('#goodsForm_specs .ant-table-content')
    .evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(scroll, 'the table scrolls sideways').toBeLessThanOrEqual(1);
}

test('bands 0–80 / 80–120 / 120+ save; an overlapping band scrolls to its cell with a message', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, DEMO.ownerA);
  await page.goto('/#/shangpinAdd');
  await expect(page.getByRole('heading', { level: 1, name: '新增商品' })).toBeVisible();
  await page.getByLabel('服务类目').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('开荒保洁', { exact: true }).click();
  await page.getByLabel('商品名称').fill(GOODS);
  await page
    .locator('.ant-form-item', { hasText: '封面图' })
    .locator('input[type=file]')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await coverPng(page) });
  await expect(page.getByText('上传成功').first()).toBeVisible();
  await band(page, 0, '80㎡以下', '0', '80', '300');
  await band(page, 1, '80-120㎡', '80', '120', '420');
  await band(page, 2, '120㎡以上', '120', '', '560');
  await expect(page.getByText(/重叠/)).toHaveCount(0);
  await expect(page.getByTestId('spec-price-range')).toHaveText('¥300 起');
  await tableFits(page, 1366);
  await cell(page, 0, 'name').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'screenshots/goods-bands-form-1366.png', fullPage: true });
  await page.setViewportSize({ width: 1600, height: 900 });
  await tableFits(page, 1600);
  await page.screenshot({ path: 'screenshots/goods-bands-form-1600.png', fullPage: true });
  await save(page);
  await expect(page).toHaveURL(/#\/shangpinguanli/);
  const row = page.getByRole('row').filter({ has: page.getByText(GOODS, { exact: true }) });
  await expect(row).toContainText('3 个规格');

  // The detail reads the bands as merchants wrote them.
  await row.getByRole('button', { name: /详\s*情/ }).click();
  const specs = page.locator('.ant-card', { hasText: '规格' }).filter({ has: page.getByText('适用面积') });
  for (const label of ['80㎡以下', '80-120㎡', '120㎡以上']) await expect(specs.getByText(label).first()).toBeVisible();

  // Editing: a fourth band 100–150 overlaps 80-120㎡ and 120㎡以上. 保存 is clicked from the bottom of the page.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/#/shangpinguanli');
  await page
    .getByRole('row')
    .filter({ has: page.getByText(GOODS, { exact: true }) })
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: '编辑商品' })).toBeVisible();
  await expect(cell(page, 2, 'name')).toHaveValue('120㎡以上');
  await expect(cell(page, 0, 'areaMin')).toHaveValue('0');
  await band(page, 3, '100-150㎡', '100', '150', '600');
  await page.getByRole('button', { name: /保\s*存/ }).scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await save(page);
  const overlap = '面积段「80-120㎡」（80-120㎡）与「100-150㎡」（100-150㎡）重叠';
  await expect(page.locator('.ant-message').getByText(`请修正标出的错误：${overlap}`)).toBeVisible();
  await expect(page).toHaveURL(/#\/shangpinAdd\?id=\d+/);
  await expect(cell(page, 3, 'areaMin')).toBeFocused();
  await expect(cell(page, 3, 'areaMin')).toBeInViewport();
  // the cell says it briefly on one line (the row stays low); the whole message above the table
  const cellItem = page.locator('.ant-form-item', { has: cell(page, 3, 'areaMin') }).last();
  await expect(cellItem).toContainText('与上方面积段重叠');
  await expect(cellItem).not.toContainText(overlap);
  await expect(page.locator('#goodsForm_specs .ant-alert')).toContainText(overlap);
  const explain = await cellItem.locator('.ant-form-item-explain-error').boundingBox();
  expect(explain!.height, 'the cell message takes one line').toBeLessThanOrEqual(24);
  // and widens nothing: 最大面积 beside it keeps its width
  const [from, to] = [await cell(page, 3, 'areaMin').boundingBox(), await cell(page, 3, 'areaMax').boundingBox()];
  expect(Math.abs(from!.width - to!.width), '最小面积 and 最大面积 as wide as each other').toBeLessThanOrEqual(2);
  const rowHeight = (i: number) =>
    page.locator('#goodsForm_specs tr.ant-table-row', { has: cell(page, i, 'name') }).evaluate((r) => r.clientHeight);
  expect(await rowHeight(3), 'the row with the message is one line taller at most').toBeLessThanOrEqual(
    (await rowHeight(0)) + 26,
  );
  await page.screenshot({ path: 'screenshots/goods-bands-overlap-1366.png' });
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.screenshot({ path: 'screenshots/goods-bands-overlap-1600.png' });

  // The merchant removes the fourth band: the three save again.
  await page
    .getByRole('row')
    .filter({ has: cell(page, 3, 'name') })
    .getByRole('button', { name: '删除' })
    .click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(cell(page, 3, 'name')).toHaveCount(0);
  await save(page);
  await expect(page).toHaveURL(/#\/shangpinguanli/);
});

test('editing an employee says 编辑员工 in the header, the breadcrumb and the card', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, DEMO.ownerA);
  await page.goto('/#/gongsiyuangong');
  await page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /编\s*辑/ }) })
    .first()
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await expect(page).toHaveURL(/#\/xinzengyuangong\?id=\d+/);
  await expect(page.getByRole('heading', { level: 1, name: '编辑员工' })).toBeVisible();
  await expect(page.locator('.jz-page-crumbs')).toContainText('编辑员工');
  await expect(page.locator('.jz-page-crumbs')).not.toContainText('新增员工');
  await page.screenshot({ path: 'screenshots/employee-edit-1366.png' });
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.screenshot({ path: 'screenshots/employee-edit-1600.png' });
  // adding still says 新增员工; the ID number is optional there
  await page.goto('/#/xinzengyuangong');
  await expect(page.getByRole('heading', { level: 1, name: '新增员工' })).toBeVisible();
  await expect(page.getByText('可暂不填写，收到证件后补充；填写后将自动识别出生日期和性别')).toBeVisible();
});
