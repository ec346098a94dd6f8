import { type Browser, expect, type Page, test } from '@playwright/test';
import { useMainShop } from '../support/api.ts';
import { DEMO, shot, signIn } from '../support/session.ts';

// The first test switches owner A to the new branch; later specs expect the main shop as the current one.
test.afterEach(async ({ request }) => useMainShop(request, DEMO.ownerA));

/** A real cover picture, drawn by the browser's canvas (a PNG of about 200x150). */
async function coverPng(page: Page) {
  const b64 = await page.evaluate(() => {
    const c = document.createElement('canvas');
    c.width = 200;
    c.height = 150;
    const x = c.getContext('2d')!;
    x.fillStyle = '#13c2c2';
    x.fillRect(0, 0, 200, 150);
    x.fillStyle = '#fff';
    x.font = '28px sans-serif';
    x.fillText('空调清洗', 44, 85);
    return c.toDataURL('image/png').split(',')[1];
  });
  return Buffer.from(b64, 'base64');
}

/** The signed-in page's bearer token (the console keeps it in local storage). */
async function authOf(page: Page) {
  const token = await page.evaluate(() => Object.entries(localStorage).find(([k]) => /token/i.test(k))?.[1] ?? '');
  return { authorization: `Bearer ${token.replace(/^"|"$/g, '')}` };
}

const BRANCH = '运城洁家家政（河东街分店）';
const GOODS = '河东街·空调深度清洗';

async function newSession(browser: Browser, phone: string) {
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signIn(page, phone);
  return page;
}

/** A field's validation message under the field. */
const fieldError = (page: Page, text: string) => page.locator('.ant-form-item-explain-error', { hasText: text });

/** OK in the confirmation that says `text` (an earlier dialog may still be fading out). */
const confirmOk = async (page: Page, text: string | RegExp) => {
  const dialog = page.getByRole('dialog').filter({ hasText: text });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
};

test.describe.configure({ mode: 'serial' });

/** The admin's session, kept between the tests (SMS codes are rate-limited to one a minute per phone). */
let adminPage: Page | undefined;

test('owner edits the shop, opens a branch, platform approves it, owner adds and batch-shelves goods, customers see them, merchant B sees none', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const owner = await newSession(browser, DEMO.ownerA);

  // 店铺信息: the service-area polygon is validated like on the server, then saved.
  await owner.getByRole('menu').getByText('店铺中心').click();
  await owner.getByRole('menu').getByText('店铺信息').click();
  await expect(owner).toHaveURL(/#\/dianpuxinxi/);
  await expect(owner.getByText('店铺概况')).toBeVisible();
  // Redraw the service area on the polygon map: four corners, closed on the first.
  const map = owner.getByTestId('polygon-map');
  await map.scrollIntoViewIfNeeded();
  await expect(owner.getByText(/已绘制 \d+ 个顶点/)).toBeVisible(); // 5 on a retry, which redraws it again
  await owner.getByRole('button', { name: '重新绘制' }).click();
  await expect(map).toHaveAttribute('data-mode', 'drawing');
  // Pictures above may still be loading and move the map: bring it into view and measure it just before clicking.
  await map.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await owner.waitForTimeout(300);
  const mb = (await map.boundingBox())!;
  const pts = [
    [0.25, 0.25],
    [0.75, 0.2],
    [0.8, 0.75],
    [0.3, 0.8],
    [0.15, 0.5],
  ].map(([x, y]) => ({ x: mb.x + mb.width * x, y: mb.y + mb.height * y }));
  for (const p of pts) await owner.mouse.click(p.x, p.y);
  await owner.mouse.click(pts[0].x, pts[0].y);
  await expect(map).toHaveAttribute('data-mode', 'editing');
  await owner.getByRole('button', { name: /完\s*成/ }).click();
  await expect(owner.getByText('已绘制 5 个顶点')).toBeVisible();
  await owner.getByLabel('联系人').fill('王洁（店长）');
  await owner
    .getByRole('button', { name: /保\s*存/ })
    .first()
    .click();
  await expect(owner.getByText('操作成功').first()).toBeVisible();
  await shot(owner, 'shop-info');
  // Saved on the server: five GCJ-02 points around the shop.
  const info = await (
    await owner.request.get('/tmpl/api/app/jiazheng/shangjia/info/findInfo', { headers: await authOf(owner) })
  ).json();
  expect(info.result.serviceArea).toHaveLength(5);
  expect(info.result.contactName).toBe('王洁（店长）');

  // 分店管理: add a branch (it waits for the platform's audit).
  await owner.goto('/#/fendianguanli');
  await expect(owner.getByText('分店管理 · 运城洁家家政（总店）')).toBeVisible();
  await owner.getByRole('button', { name: '新增分店' }).click();
  const dlg = owner.getByRole('dialog');
  await expect(dlg.getByLabel('店铺名称')).toBeEditable();
  await owner.waitForTimeout(300); // the dialog's opening animation
  await dlg.getByRole('button', { name: /保\s*存/ }).click();
  await expect(fieldError(owner, '请输入店铺名称')).toBeVisible();
  await dlg.getByLabel('店铺名称').fill(BRANCH);
  await dlg.getByLabel('联系电话').fill('12345');
  await dlg.getByRole('button', { name: /保\s*存/ }).click();
  await expect(fieldError(owner, '请输入正确的手机号或座机号')).toBeVisible();
  await dlg.getByLabel('联系电话').fill('0359-2345679');
  await dlg.getByLabel('详细地址').fill('盐湖区河东东街 200 号');
  await dlg.getByRole('button', { name: /保\s*存/ }).click();
  await expect(owner.getByText('分店已创建，等待平台审核')).toBeVisible();
  const branchRow = owner.getByRole('row', { name: new RegExp(BRANCH) });
  await expect(branchRow.getByText('待审核')).toBeVisible();
  await expect(branchRow.getByRole('switch')).toBeDisabled();
  await shot(owner, 'shop-branches');

  // Platform admin approves it in the toolkit.
  const admin = await newSession(browser, DEMO.admin);
  adminPage = admin;
  await admin.getByRole('menu').getByText('平台运营').click();
  await admin.getByRole('menu').getByText('店铺审核').click();
  await expect(admin).toHaveURL(/#\/platform\/shop-audit/);
  const auditRow = admin.getByRole('row', { name: new RegExp(BRANCH) });
  await expect(auditRow.getByText('待审核')).toBeVisible();
  await auditRow.getByRole('button', { name: /通\s*过/ }).click();
  await confirmOk(admin, /确定审核通过/);
  await expect(auditRow.getByText('已通过')).toBeVisible();
  await shot(admin, 'shop-audit');

  // 店铺管理: open the branch for business, copy the main shop's goods and categories into it, switch to it.
  await owner.goto('/#/dianpuguanli');
  const row = owner.getByRole('row', { name: new RegExp(BRANCH) });
  await expect(row.getByText('已通过')).toBeVisible();
  await row.getByRole('switch').click();
  await expect(owner.getByText(`确定让「${BRANCH}」开始营业吗？`)).toBeVisible();
  await confirmOk(owner, /开始营业吗/);
  await expect(row.getByRole('switch')).toBeChecked();
  // Copy from the main shop's row: the source is filled in, the target is picked.
  await owner
    .getByRole('row', { name: /运城洁家家政（总店）/ })
    .getByRole('button', { name: '复制到…' })
    .click();
  await expect(owner.getByRole('dialog').getByText('运城洁家家政（总店）')).toBeVisible();
  await owner.getByRole('dialog').getByLabel('目标店铺').click();
  await owner.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(BRANCH).click();
  await owner
    .getByRole('dialog')
    .getByRole('button', { name: /复\s*制/ })
    .click();
  await expect(owner.getByText(/已复制 \d+ 个商品/)).toBeVisible();
  await row.getByRole('button', { name: '设为当前' }).click();
  await confirmOk(owner, /切换到「/);
  await expect(row.getByText('当前店铺', { exact: true })).toBeVisible();
  await expect(owner.getByLabel('切换店铺').locator('..').locator('..')).toContainText(BRANCH);
  await shot(owner, 'shop-list');

  // 新增商品: validation before submit (price > 0, original >= price), then save.
  await owner.goto('/#/shangpinguanli');
  await expect(owner.getByText(`商品管理 · ${BRANCH}`)).toBeVisible();
  await owner.getByRole('button', { name: '新增商品' }).click();
  await expect(owner).toHaveURL(/#\/shangpinAdd/);
  await owner.getByRole('button', { name: /保\s*存/ }).click();
  await expect(fieldError(owner, '请选择服务类目')).toBeVisible();
  await expect(fieldError(owner, '请输入商品名称')).toBeVisible();
  await expect(fieldError(owner, '请输入价格')).toBeVisible();
  await owner.getByLabel('服务类目').click();
  await owner.getByTitle('空调清洗').click();
  await owner.getByLabel('商品名称').fill(GOODS);
  await owner
    .locator('.ant-form-item', { hasText: '封面图' })
    .locator('input[type=file]')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await coverPng(owner) });
  await expect(owner.getByText('上传成功').first()).toBeVisible();
  await owner.getByLabel('售价').fill('0');
  await owner.getByRole('button', { name: /保\s*存/ }).click();
  await expect(fieldError(owner, '价格须大于 0')).toBeVisible();
  await owner.getByLabel('售价').fill('99');
  await owner.getByLabel('原价').fill('80');
  await owner.getByRole('button', { name: /保\s*存/ }).click();
  await expect(fieldError(owner, '原价不能低于售价')).toBeVisible();
  await owner.getByLabel('原价').fill('129');
  await owner.getByRole('button', { name: '新增标签' }).click();
  await owner.locator('.ant-form-item', { hasText: '标签' }).locator('input').last().fill('高温蒸汽');
  await owner.keyboard.press('Enter');
  await expect(owner.locator('.ant-form-item', { hasText: '标签' }).getByText('高温蒸汽')).toBeVisible();
  await shot(owner, 'goods-form');
  await owner.getByRole('button', { name: /保\s*存/ }).click();
  await expect(owner).toHaveURL(/#\/shangpinguanli/);
  const goodsRow = owner.getByRole('row', { name: new RegExp(GOODS) });
  await expect(goodsRow).toContainText('¥99');
  await expect(goodsRow).toContainText('¥129.00');

  // Batch shelf with the table's row selection.
  await owner.getByRole('row').first().getByRole('checkbox').check();
  await expect(owner.getByText(/已选 \d+ 项/)).toBeVisible();
  await owner.getByRole('button', { name: '批量上架' }).click();
  await expect(owner.getByText(/确定上架选中的 \d+ 个商品吗/)).toBeVisible();
  await confirmOk(owner, /确定上架选中的/);
  await expect(owner.getByText(/已上架 \d+ 个商品/)).toBeVisible();
  await expect(goodsRow.getByRole('switch')).toBeChecked();
  await shot(owner, 'goods-list');

  // Detail: visible to customers; the customer listing (public API) holds it.
  await goodsRow.getByRole('button', { name: /详\s*情/ }).click();
  await expect(owner).toHaveURL(/#\/shangpinxiangqing\?id=\d+/);
  await expect(owner.getByText('顾客可见')).toBeVisible();
  await shot(owner, 'goods-detail');
  const goodsId = Number(new URL(owner.url().replace('#/', '')).searchParams.get('id'));
  const listing = await owner.request.get(
    `/tmpl/api/app/jiazheng/shangjia/shangpin/weapp/findAllByPage?pageSize=100&name=${encodeURIComponent('河东街')}`,
  );
  const body = await listing.json();
  expect(body.code).toBe(200);
  expect(body.result.records.map((g: { id: number }) => g.id)).toContain(goodsId);

  // Merchant B can neither read nor change it.
  const other = await newSession(browser, DEMO.ownerB);
  await other.goto(`/#/shangpinxiangqing?id=${goodsId}`);
  await expect(other.locator('.ant-result-title', { hasText: '商品不存在' })).toBeVisible();
  await other.goto('/#/shangpinguanli');
  await expect(other.getByText('商品管理 · 太原安心家政')).toBeVisible();
  await expect(other.getByText(GOODS)).toHaveCount(0);
  await other.goto('/#/dianpuguanli');
  await expect(other.getByText(BRANCH)).toHaveCount(0);
  await shot(other, 'shop-isolation');
});

test('platform admin manages the service-category tree', async ({ browser }) => {
  const admin = adminPage ?? (await newSession(browser, DEMO.admin));
  await admin.goto('/#/platform/fuwu');
  await expect(admin.getByRole('row', { name: /家电清洗/ })).toBeVisible();
  await expect(admin.getByRole('row', { name: /空调清洗/ })).toBeVisible();
  await admin
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .click();
  await admin
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await expect(fieldError(admin, '请输入类目名称')).toBeVisible();
  await admin.getByRole('dialog').getByLabel('类目名称').fill('宠物护理');
  await admin
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  const row = admin.getByRole('row', { name: /宠物护理/ });
  await expect(row).toBeVisible();
  await expect(admin.getByRole('dialog')).toHaveCount(0); // the add dialog has closed
  await expect(row.getByRole('switch')).toBeChecked();
  await row.getByRole('switch').click();
  await confirmOk(admin, '确定更改状态?');
  await expect(admin.getByText('操作成功').last()).toBeVisible();
  await expect(row.getByRole('switch')).not.toBeChecked();
  await shot(admin, 'fuwu-admin');
  await row.getByRole('button', { name: /删\s*除/ }).click();
  await expect(admin.getByText('确认要删除吗?')).toBeVisible();
  await confirmOk(admin, '确认要删除吗?');
  await expect(admin.getByRole('row', { name: /宠物护理/ })).toHaveCount(0);
});

test('a merchant new from SMS sign-up is guided from the landing page to create its first shop', async ({
  browser,
}) => {
  const page = await newSession(browser, '13700005678');
  await expect(page.getByText('欢迎入驻！您还没有店铺')).toBeVisible();
  await page.getByRole('button', { name: '创建店铺' }).click();
  await expect(page).toHaveURL(/#\/dianpuguanli/);
  await expect(page.locator('.ant-card-head-title', { hasText: '店铺管理' })).toBeVisible();
  await expect(page.getByText('您还没有店铺', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '创建店铺' }).click();
  const dlg = page.getByRole('dialog');
  await expect(dlg.getByLabel('店铺名称')).toBeEditable();
  await dlg.getByLabel('店铺名称').fill('新开家政');
  await dlg.getByLabel('联系电话').fill('13700005678');
  await dlg.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('店铺已创建，等待平台审核')).toBeVisible();
  const row = page.getByRole('row', { name: /新开家政/ });
  await expect(row.getByText('待审核')).toBeVisible();
  await expect(row.getByText('当前店铺', { exact: true })).toBeVisible();
  // A branch waits for the main shop's approval.
  await expect(page.getByRole('button', { name: '新增分店' })).toBeDisabled();
  await expect(page.getByText('总店审核通过后可开设分店')).toBeVisible();
  await shot(page, 'shop-first');
  await page.goto('/#/index');
  await expect(page.getByText('店铺名称').first()).toBeVisible();
  await expect(page.locator('.ant-descriptions').getByText('新开家政')).toBeVisible();
});
