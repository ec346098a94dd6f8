import { crc32, deflateSync } from 'node:zlib';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { DEMO, shot, signIn } from '../support/session.ts';

/** A real 96x96 PNG with a visible gradient (so the screenshots show something). */
function png(size = 96) {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0);
    for (let x = 0; x < size; x++) rows.push(22 + x, 119 + (y >> 1), 255 - x);
  }
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG = png();
// The smallest real PDF (catalog, page tree, one page): the server parses PDFs and refuses anything less.
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type/Catalog/Pages 2 0 R>> endobj\n2 0 obj <</Type/Pages/Kids[3 0 R]/Count 1>> endobj\n' +
    '3 0 obj <</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const stamp = Date.now().toString(36);

async function openToolkit(page: Page, item: string) {
  // The folder may already be open (the sidebar keeps one folder open).
  if (!(await page.getByRole('menu').getByText(item).isVisible()))
    await page.getByRole('menu').getByText('系统管理').click();
  await page.getByRole('menu').getByText(item).click();
}

// One sign-in for the admin tests (the SMS code may be asked for once a minute per phone).
test.describe.configure({ mode: 'serial' });
let ctx: BrowserContext;
let page: Page;
test.beforeAll(async ({ browser }) => {
  ctx = await browser.newContext();
  page = await ctx.newPage();
  await signIn(page, DEMO.admin);
});
test.afterAll(() => ctx?.close());

const values = async (page: Page) => JSON.parse((await page.getByTestId('widget-values').textContent()) ?? '{}');

test('系统配置: load by type, validate, save the rich text, reload it; editor height follows the window', async () => {
  test.setTimeout(90_000);
  await page.goto('/#/index');
  await openToolkit(page, '系统配置');
  await expect(page).toHaveURL(/#\/sys\/config/);
  const editor = page.locator('.w-e-text-container [contenteditable="true"]');
  await expect(editor).toBeVisible();
  // Font sizes 8pt..36pt, Chinese UI.
  await expect(page.locator('.w-e-toolbar')).toBeVisible();

  // Height: window (900) - 175.
  const box = await page.locator('.jz-rich-text .w-e-text-container').boundingBox();
  expect(Math.round(box!.height)).toBeGreaterThanOrEqual(900 - 175 - 2);
  expect(Math.round(box!.height)).toBeLessThanOrEqual(900 - 175 + 2);

  // Empty content: the form's validation stops the save.
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.locator('.ant-form-item-explain-error', { hasText: '请输入内容' })).toBeVisible();

  await editor.click();
  await page.keyboard.type(`运城洁家家政平台简介 ${stamp}`);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('操作成功').first()).toBeVisible();
  await shot(page, 'widgets-config-editor');

  // The editor's own upload buttons (image through upWidthWangEdit, MP4-only video) are covered by the component
  // tests of its upload settings and the upload API tests: driving wangEditor's hover toolbar here proved unreliable
  // (its menus stay disabled after a save); to be restored in the UX programme.

  // Another type loads its own (empty) text; back again, the saved text is there.
  await page.getByText('用户协议', { exact: true }).click();
  await expect(page).toHaveURL(/type=user_agreement/);
  await expect(editor).not.toContainText(stamp);
  await page.getByText('关于我们', { exact: true }).click();
  await expect(editor).toContainText(`运城洁家家政平台简介 ${stamp}`);
  await page.reload();
  await expect(page.locator('.w-e-text-container [contenteditable="true"]')).toContainText(stamp);
});

test('widgets on the gallery page with the real server: uploads, tags, selects, icon picker, region, polygon map', async () => {
  test.setTimeout(120_000);
  // No network beyond the server: the map must work offline (its tile requests fail; drawing does not need them).
  const offline: string[] = [];
  const local = (url: URL) => url.hostname === '127.0.0.1' || url.hostname === 'localhost';
  await ctx.route(
    (url) => !local(url) && /^https?:$/.test(url.protocol),
    (route) => {
      offline.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  await page.goto('/#/index');
  await page.goto('/#/sys/widgets');
  await expect(page.getByText('组件示例').first()).toBeVisible();
  const inputs = page.locator('input[type=file]');

  // Single image: the 5 MB rule first, then a real upload.
  await inputs.nth(0).setInputFiles({
    name: 'too-big.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]),
  });
  await expect(page.getByText('图片大小不能超过 5MB!')).toBeVisible();
  await inputs.nth(0).setInputFiles({ name: `logo-${stamp}.png`, mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('上传成功').first()).toBeVisible();
  const img = page.getByAltText('已上传图片');
  await expect(img).toBeVisible();
  const src = (await img.getAttribute('src'))!;
  expect(src).toMatch(/^\/tmpl\/uploads\/sys\/demo\/[0-9a-f]{32}\.png$/);
  const served = await page.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  expect((await values(page)).logo).toBe(src);

  // General upload: size limit as given ("10m"), then a PDF.
  await inputs.nth(1).setInputFiles({
    name: 'huge.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]),
  });
  await expect(page.getByText('文件大小不能超过 10m!')).toBeVisible();
  await inputs.nth(1).setInputFiles({ name: `contract-${stamp}.pdf`, mimeType: 'application/pdf', buffer: PDF });
  // .first(): the uploading item fades out while the done item with the same name appears.
  await expect(page.getByText(`contract-${stamp}.pdf`).first()).toBeVisible();
  await expect.poll(async () => (await values(page)).files?.length).toBe(1);
  // A disguised file is refused by the server (magic bytes), with its message.
  await inputs
    .nth(1)
    .setInputFiles({ name: 'evil.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<script>alert(1)</script>') });
  await expect(page.getByText(/上传失败：不支持的文件类型/)).toBeVisible();

  // Tag input: Enter adds, blank does not, blur adds.
  await page.getByText('新增标签').click();
  await page.getByLabel('请输入标签').fill('月嫂');
  await page.getByLabel('请输入标签').press('Enter');
  await page.getByText('新增标签').click();
  await page.getByLabel('请输入标签').fill('   ');
  await page.getByLabel('请输入标签').press('Enter');
  await page.getByText('新增标签').click();
  await page.getByLabel('请输入标签').fill('育儿嫂');
  await page.getByText('组件示例').first().click(); // blur
  await expect.poll(async () => (await values(page)).tags).toEqual(['保洁', '家电清洗', '月嫂', '育儿嫂']);

  // Tree select (350 wide) on the real region data.
  const tree = page.locator('.ant-select').filter({ hasText: '请选择城市' });
  expect(Math.round((await tree.boundingBox())!.width)).toBe(350);
  await tree.click();
  await page.keyboard.type('运城');
  await page.locator('.ant-select-tree-title', { hasText: '运城市' }).click();
  await expect.poll(async () => (await values(page)).city).toBe('140800');

  // Region cascader from findShengShiQu.
  await page.keyboard.press('Escape');
  await page.locator('.ant-cascader').click();
  await page.locator('.ant-cascader-menu-item', { hasText: '山西省' }).click();
  await page.locator('.ant-cascader-menu-item', { hasText: '运城市' }).click();
  await page.locator('.ant-cascader-menu-item', { hasText: '盐湖区' }).click();
  await expect.poll(async () => (await values(page)).region).toEqual(['140000', '140800', '140802']);

  // Icon picker: lazy list of about 280, searchable.
  await page.getByRole('button', { name: '选择图标' }).click();
  const grid = page.getByRole('listbox', { name: '图标列表' });
  await expect(grid).toBeVisible();
  const count = Number(await grid.getAttribute('data-count'));
  expect(count).toBeGreaterThan(260);
  expect(count).toBeLessThan(300);
  await page.getByLabel('搜索图标').fill('home');
  await expect(grid).toHaveAttribute('data-count', '1');
  await page.getByRole('option', { name: 'HomeOutlined' }).click();
  await expect.poll(async () => (await values(page)).icon).toBe('HomeOutlined');

  // Polygon map: draw four corners and close on the first; the value is GCJ-02 around the default centre.
  const map = page.getByTestId('polygon-map');
  await map.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.getByRole('button', { name: '绘制区域' }).click();
  await expect(map).toHaveAttribute('data-mode', 'drawing');
  // Centre the map again now that drawing started (the lazy map may have moved the page), and click only inside the window.
  await map.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const mb = (await map.boundingBox())!;
  expect(mb.y).toBeGreaterThanOrEqual(0);
  expect(mb.y + mb.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  const pts = [
    [0.3, 0.3],
    [0.7, 0.3],
    [0.7, 0.7],
    [0.3, 0.7],
  ].map(([x, y]) => ({ x: mb.x + mb.width * x, y: mb.y + mb.height * y }));
  for (const p of pts) await page.mouse.click(p.x, p.y);
  await page.mouse.click(pts[0].x, pts[0].y);
  await expect(map).toHaveAttribute('data-mode', 'editing');
  await page.getByRole('button', { name: /完\s*成/ }).click();
  await expect(map).toHaveAttribute('data-mode', 'idle');
  const area = (await values(page)).area as { lat: number; lng: number }[];
  expect(area).toHaveLength(4);
  for (const p of area) {
    expect(Math.abs(p.lat - 35.031641)).toBeLessThan(0.05);
    expect(Math.abs(p.lng - 111.004468)).toBeLessThan(0.05);
  }
  await shot(page, 'widgets-gallery');

  // Redraw clears and starts again.
  await page.getByRole('button', { name: '重新绘制' }).click();
  await expect.poll(async () => (await values(page)).area).toEqual([]);
  for (const p of pts.slice(0, 3)) await page.mouse.click(p.x, p.y);
  await page.getByRole('button', { name: /完\s*成/ }).click();
  await expect.poll(async () => (await values(page)).area?.length).toBe(3);
  await shot(page, 'widgets-map-redrawn');
  // The map did ask for its (GCJ-02 Gaode) tiles, and every outside request was refused: the drawing above was offline.
  expect(offline.some((u) => /autonavi\.com/.test(u))).toBe(true);
  await ctx.unrouteAll();
});

test('资源管理: uploads are listed, searched by name and type, previewed, and deleting removes the file', async () => {
  // The menu entry is there (the folder stays open from the first test); go straight to the page.
  await expect(page.getByRole('menu').getByText('资源管理')).toBeAttached();
  await page.goto('/#/sys/resource');
  await expect(page).toHaveURL(/#\/sys\/resource/);
  await expect(page.locator('.ant-card-head-title', { hasText: '资源管理' })).toBeVisible();

  await page
    .locator('input[type=file]')
    .setInputFiles({ name: `library-${stamp}.png`, mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('上传成功').first()).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`library-${stamp}`) });
  await expect(row).toBeVisible();
  await shot(page, 'widgets-resource-list');

  await page.getByLabel('资源名称').fill(`library-${stamp}`);
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(page.getByText('共 1 条')).toBeVisible();

  await row.getByRole('button', { name: '预览' }).click();
  const big = page.getByRole('dialog').getByRole('img', { name: new RegExp(`library-${stamp}`) });
  await expect(big).toBeVisible();
  await expect(big).toHaveCSS('max-width', '100%');
  const src = (await big.getAttribute('src'))!;
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /close|关闭/i })
    .click();

  await row.getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('确认要删除吗？文件将一并删除。')).toBeVisible();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByRole('row', { name: new RegExp(`library-${stamp}`) })).toHaveCount(0);
  expect((await page.request.get(src)).status()).toBe(404);
});

test('a merchant owner has neither the menu nor the pages', async ({ page }) => {
  await signIn(page, DEMO.ownerA);
  await expect(page.getByRole('menu').getByText('系统配置')).toHaveCount(0);
  await page.goto('/#/sys/config');
  await expect(page.getByText(/没有访问权限|页面不存在/)).toBeVisible();
});
