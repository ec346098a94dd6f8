import { idCardFacts } from '@jz/contracts/employee';
import { expect, type Page, test } from '@playwright/test';
import { clientFor } from '../support/api.ts';
import { DEMO, shot, signIn } from '../support/session.ts';

/** A checksum-valid mainland ID number (GB 11643). */
function idCard(body17: string) {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = w.reduce((a, x, i) => a + x * Number(body17[i]), 0);
  return body17 + '10X98765432'[sum % 11];
}

const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000 + 8 * 3_600_000); // Shanghai calendar day
  return d.toISOString().slice(0, 10);
};

/** A 1x1 PNG: the upload server checks the bytes, not the name. */
const PNG = {
  name: 'cert.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  ),
};

const row = (page: Page, text: string | RegExp) => page.getByRole('row', { name: text });

async function openList(page: Page) {
  // A top-level page (its 员工管理 folder held only it).
  await page.getByRole('menu').getByText('公司员工', { exact: true }).click();
  await expect(page).toHaveURL(/#\/gongsiyuangong$/);
  await expect(page.getByText(/共 \d+ 条/)).toBeVisible();
}

test('the owner lists, adds with certificates, edits, puts on leave and deletes employees', async ({ page }) => {
  test.setTimeout(150_000);
  // A retry starts from the demo data: remove what an interrupted attempt added.
  const api = await clientFor(page.request, DEMO.ownerA);
  const left = await api.get('app/jiazheng/yuangong/weapp/findAllByPage', {
    shopId: 'all',
    name: '马晓燕',
    pageSize: 50,
  });
  const ids = ((left.result?.records ?? []) as { id: number }[]).map((e) => e.id);
  if (ids.length) expect((await api.del(`app/jiazheng/yuangong/delByIds/${ids.join(',')}`)).code).toBe(200);
  await signIn(page, DEMO.ownerA);
  await openList(page);

  // The current shop by default: its 5 employees and the dispatch demo's 4 cleaners, ID numbers masked, the expired certificate flagged.
  await expect(page.getByText('共 9 条')).toBeVisible();
  await expect(row(page, /张秀兰/)).toContainText(/\d{4}\*{10}[\dX]{4}/);
  await expect(row(page, /张秀兰/)).toContainText('139****0001');
  await expect(row(page, /王建国/)).toContainText('1 个已过期');
  await expect(page.getByRole('row').filter({ hasText: '服务中' }).first()).toBeVisible();
  await shot(page, 'employee-list');

  // "All shops" adds the branch's two.
  await page.locator('#search_shopId').click();
  await page.getByTitle('全部店铺').click();
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(page.getByText('共 11 条')).toBeVisible();
  await expect(row(page, /周红霞/)).toContainText('学苑路分店');

  // Add: validation first, then a valid employee with two certificates (one expiring in 10 days).
  await page.getByRole('button', { name: /新增员工/ }).click();
  await expect(page).toHaveURL(/#\/xinzengyuangong$/);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('请输入姓名', { exact: true })).toBeVisible();
  const form = page.locator('form#employeeForm');
  await form.getByLabel('姓名').fill('马晓燕');
  await form.getByLabel('手机号').fill('13712345678');
  await form.getByLabel('身份证号').fill('142301199001011234');
  await form.getByLabel('姓名').click();
  await expect(page.getByText('请输入正确的 18 位身份证号')).toBeVisible();
  const id = idCard('14080219880512042');
  await form.getByLabel('身份证号').fill(id);
  await form.getByLabel('工作年限').click(); // blur: birth date and gender come from the ID number
  await expect(form.getByLabel('出生日期')).toHaveValue(idCardFacts(id)!.birthDate);
  await form.getByLabel('工作年限').fill('6');
  // 籍贯 through the shared region cascader (province, then city).
  await form.locator('.ant-form-item').filter({ hasText: '籍贯' }).locator('.ant-select').click();
  await page.locator('.ant-cascader-menu-item[title="山西省"]').click();
  await page.locator('.ant-cascader-menu-item[title="运城市"]').click();
  await page.keyboard.press('Escape');
  await expect(form.locator('.ant-form-item').filter({ hasText: '籍贯' })).toContainText('山西省 / 运城市');
  // Skills through the shared tag input (Enter adds, it does not submit).
  for (const skill of ['日常保洁', '收纳整理']) {
    await form.getByRole('button', { name: '添加技能' }).click();
    await form.getByLabel('如：日常保洁').fill(skill);
    await form.getByLabel('如：日常保洁').press('Enter');
  }
  await expect(page).toHaveURL(/#\/xinzengyuangong$/);
  // ID card picture and two certificates, uploaded through the shared image widget.
  const files = form.locator('input[type=file]'); // avatar, ID front, ID back, then one per certificate
  await files.nth(1).setInputFiles(PNG);
  await expect(page.getByText('上传成功').first()).toBeVisible();
  await page.getByRole('button', { name: /添加证书/ }).click();
  await page.getByLabel('证书名称').nth(0).fill('健康证');
  await files.nth(3).setInputFiles(PNG);
  await expect(form.locator('img[alt="已上传图片"]')).toHaveCount(2);
  await page.getByLabel('有效期至').nth(0).fill(day(10));
  await page.getByLabel('有效期至').nth(0).press('Tab'); // Enter would submit the form
  await page.getByRole('button', { name: /添加证书/ }).click();
  await page.getByLabel('证书名称').nth(1).fill('家政服务员（中级）');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('请上传证书图片', { exact: true })).toBeVisible(); // the second one has no picture yet
  await files.nth(4).setInputFiles(PNG);
  await expect(form.locator('img[alt="已上传图片"]')).toHaveCount(3);
  await form.getByLabel('个人简介').fill('擅长收纳整理');
  await shot(page, 'employee-add');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('操作成功').first()).toBeVisible();
  await expect(page).toHaveURL(/#\/gongsiyuangong$/);
  await expect(row(page, /马晓燕/)).toContainText('1 个 30 天内到期');
  await expect(row(page, /马晓燕/)).toContainText(`${id.slice(0, 4)}**********${id.slice(-4)}`);

  // A phone already used in the merchant is refused with the server's reason, and the form keeps its values.
  await page.getByRole('button', { name: /新增员工/ }).click();
  await form.getByLabel('姓名').fill('重复手机');
  await form.getByLabel('手机号').fill('13712345678');
  await form.getByLabel('身份证号').fill(idCard('14080219900101052'));
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('手机号 13712345678 已被本商家的其他员工使用', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/#\/xinzengyuangong$/);
  await expect(form.getByLabel('姓名')).toHaveValue('重复手机');

  // Detail: profile and certificates, the expiring one highlighted.
  await openList(page);
  await row(page, /马晓燕/)
    .getByRole('button', { name: '详情' })
    .click();
  await expect(page).toHaveURL(/#\/gongsiyuangongxiangqing\?id=\d+/);
  await expect(page.getByText('马晓燕').first()).toBeVisible();
  await expect(page.getByText('10 天后到期')).toBeVisible();
  await expect(page.getByText('长期有效')).toBeVisible();
  await expect(page.getByText('1 个证书已过期或即将到期')).toBeVisible();
  await expect(page.getByText('山西省/运城市')).toBeVisible();
  await expect(page.getByText('日常保洁')).toBeVisible();
  const certImg = page.locator('img[alt="证书"]').first();
  // a private file: a short-lived signed address, never the public upload folder
  await expect(certImg).toHaveAttribute('src', /\/tmpl\/files\/employee\/(\w+\/)?[0-9a-f]{32}\.\w+\?e=\d+&/);
  await expect.poll(() => certImg.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText(`${id.slice(0, 4)}**********${id.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(id, { exact: true })).toHaveCount(0);
  await shot(page, 'employee-detail');

  // Edit: the ID number stays unless retyped.
  await page.getByRole('button', { name: /编\s*辑/ }).click();
  await expect(page).toHaveURL(/#\/xinzengyuangong\?id=\d+/);
  await expect(form.getByLabel('姓名')).toHaveValue('马晓燕');
  await expect(form.getByLabel('身份证号')).toHaveValue('');
  await form.getByLabel('工作年限').fill('7');
  await form.getByLabel('个人简介').fill('擅长收纳整理和深度保洁');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/#\/gongsiyuangong$/);
  await row(page, /马晓燕/)
    .getByRole('button', { name: '详情' })
    .click();
  await expect(page.getByText('7 年')).toBeVisible();
  await expect(page.getByText('擅长收纳整理和深度保洁')).toBeVisible();
  await expect(page.getByText(`${id.slice(0, 4)}**********${id.slice(-4)}`)).toBeVisible(); // unchanged
  await page.getByRole('button', { name: /返回列表/ }).click();

  // 设为休假 opens the 请假/休假 dialog (a dated leave, never 7 days chosen by the server); cancel changes nothing.
  await row(page, /马晓燕/)
    .getByRole('button', { name: /状态/ })
    .click();
  await page.getByRole('menuitem', { name: '设为休假' }).click();
  const leave = page.getByRole('dialog', { name: '请假/休假：马晓燕' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: /取\s*消/ }).click();
  await expect(row(page, /马晓燕/)).toContainText('空闲');
  await row(page, /马晓燕/)
    .getByRole('button', { name: /状态/ })
    .click();
  await page.getByRole('menuitem', { name: '设为休假' }).click();
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const later = new Date(Date.now() + 8 * 3600_000 + 2 * 86_400_000).toISOString().slice(0, 10);
  await leave.getByPlaceholder('开始时间').click();
  await leave.getByPlaceholder('开始时间').fill(`${today} 00:00`);
  await leave.getByPlaceholder('开始时间').press('Enter');
  await leave.getByPlaceholder('结束时间').fill(`${later} 00:00`);
  await leave.getByPlaceholder('结束时间').press('Enter');
  await leave.getByRole('button', { name: /保\s*存/ }).click();
  await expect(leave).toBeHidden();
  await expect(row(page, /马晓燕/)).toContainText('休假');

  // A serving employee (demo data has some): no state change, and deleting is refused with the reason.
  const serving = page.getByRole('row').filter({ hasText: '服务中' }).first();
  const servingName = (await serving.locator('td strong').first().textContent())?.trim() ?? '';
  expect(servingName).not.toBe('');
  await expect(serving.getByRole('button', { name: /状态/ })).toBeDisabled();
  await serving.getByRole('button', { name: '删除' }).click();
  const refuse = page.getByRole('dialog').filter({ hasText: `确认要删除员工「${servingName}」吗？` });
  await expect(refuse).toBeVisible();
  await refuse.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(new RegExp(`${servingName}.*还有进行中的订单，订单完成或改派后才能删除`))).toBeVisible();
  await expect(row(page, servingName)).toBeVisible();

  // Filter by work state, then delete the new employee.
  await page.locator('#search_workState').click();
  await page.getByTitle('休假').click();
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(row(page, /马晓燕/)).toBeVisible();
  await expect(row(page, /张秀兰/)).toHaveCount(0);
  await shot(page, 'employee-list-leave');
  await row(page, /马晓燕/)
    .getByRole('button', { name: '删除' })
    .click();
  const dialog = page.getByRole('dialog').filter({ hasText: '确认要删除员工「马晓燕」吗？' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('操作成功').first()).toBeVisible();
  await expect(row(page, /马晓燕/)).toHaveCount(0);
});

test('another merchant cannot open merchant A’s employee', async ({ page }) => {
  await signIn(page, DEMO.ownerB);
  await openList(page);
  await expect(row(page, /刘翠英/)).toBeVisible();
  await expect(row(page, /张秀兰/)).toHaveCount(0);
  // Its own demo employee: ID card pictures and a certificate expiring within 30 days.
  await row(page, /陈志刚/)
    .getByRole('button', { name: '详情' })
    .click();
  await expect(page.getByText(/\d+ 天后到期/)).toBeVisible();
  await expect(page.locator('img[alt="身份证人像面"]')).toBeVisible();
  await shot(page, 'employee-detail-demo');
  await page.goto('/#/gongsiyuangongxiangqing?id=1');
  await expect(page.getByText('员工不存在').first()).toBeVisible();
});
