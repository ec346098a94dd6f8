import { expect, type Page, test } from '@playwright/test';
import { DEMO, shot, signIn } from '../support/session.ts';

/** A 1×1 PNG (the server checks the magic bytes). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** An 18-digit ID number with its check character. */
function idNo(first17: string) {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * w[i], 0);
  return first17 + '10X98765432'[sum % 11];
}
/** A unified social credit code with its check character. */
function uscc(first17: string) {
  const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const w = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const sum = [...first17].reduce((s, c, i) => s + chars.indexOf(c) * w[i], 0);
  const c = 31 - (sum % 31);
  return first17 + chars[c === 31 ? 0 : c];
}

/** A card number completed with its Luhn digit. */
function luhn(prefix: string) {
  for (let d = 0; d <= 9; d++) {
    const digits = [...(prefix + d)].reverse().map(Number);
    const sum = digits.reduce((acc, n, i) => acc + (i % 2 ? (n * 2 > 9 ? n * 2 - 9 : n * 2) : n), 0);
    if (sum % 10 === 0) return prefix + d;
  }
  throw new Error('unreachable');
}

async function pickDate(page: Page, input: ReturnType<Page['getByLabel']>, day: string) {
  await input.click();
  await input.fill(day);
  await input.press('Enter');
  await page.keyboard.press('Escape');
}

async function openJinjian(page: Page) {
  // A top-level page (its 支付设置 folder held only it).
  await page.getByRole('menu').getByText('用户进件').click();
  await expect(page).toHaveURL(/#\/yonghujinjian/);
}

test('the owner of merchant B (not onboarded) is rejected (sandbox test name), resubmits as an enterprise with the branch lookup, the draft survives a reload, 审核中 then 已开通, card bound', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signIn(page, DEMO.ownerB);
  await openJinjian(page);
  await expect(page.getByText(/驳回原因：结算银行卡持卡人须与身份证姓名一致/)).toBeVisible();
  await expect(page.getByText(/开通后才能提现/)).toBeVisible();
  await shot(page, 'jinjian-rejected');
  await page.getByRole('button', { name: /重新提交/ }).click();
  await page.getByRole('tab', { name: '个人' }).click();
  const gerenForm = page.locator('form#jinjian-geren');

  await gerenForm.getByLabel('姓名', { exact: true }).fill('测试驳回');
  await gerenForm.getByLabel('身份证号').fill(idNo('14080219900101123'));
  await pickDate(page, gerenForm.getByLabel('身份证有效期开始'), '2018-05-01');
  await pickDate(page, gerenForm.getByLabel('身份证有效期结束'), '2038-05-01');
  await gerenForm.getByLabel('手机号', { exact: true }).fill('13912345678');
  const files = gerenForm.locator('input[type=file]');
  await files.nth(0).setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await expect(gerenForm.getByAltText('已上传图片')).toHaveCount(1);
  await files.nth(1).setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
  await expect(gerenForm.getByAltText('已上传图片')).toHaveCount(2);
  await gerenForm.getByRole('button', { name: /下一步/ }).click();

  await gerenForm.getByLabel('开户银行').click();
  await page.locator('.ant-select-item-option', { hasText: '中国工商银行' }).click();
  await gerenForm.getByLabel('开户支行').click();
  await gerenForm.getByLabel('开户支行').fill('迎泽');
  await page.locator('.ant-select-item-option', { hasText: '迎泽大街支行' }).click();
  await gerenForm.getByLabel('银行卡号').fill('6222020501009876'); // fails the Luhn check
  await gerenForm.getByLabel('银行卡号').blur();
  await expect(gerenForm.getByText('结算银行卡号校验不通过，请核对')).toBeVisible();
  await gerenForm.getByLabel('银行卡号').fill(luhn('622202050100987654'));
  await expect(gerenForm.getByLabel('持卡人姓名')).toHaveValue('测试驳回');
  await gerenForm.getByLabel('银行预留手机号').fill('13912345678');
  await gerenForm.getByRole('button', { name: /下一步/ }).click();
  await gerenForm.getByRole('button', { name: /提交审核/ }).click();
  await expect(page.getByRole('alert').getByText('审核中', { exact: true })).toBeVisible();

  await expect(page.getByText(/驳回原因：.*测试驳回/)).toBeVisible({ timeout: 40_000 });
  await expect(page.getByRole('button', { name: /重新提交/ })).toBeVisible();
  await shot(page, 'jinjian-rejected-test-name');

  // Resubmission, as an enterprise this time.
  await expect(page.getByText('已驳回').first()).toBeVisible();
  await expect(page.getByText(/驳回原因：/)).toBeVisible();
  await page.getByRole('button', { name: /重新提交/ }).click();
  await page.getByRole('tab', { name: '企业' }).click();
  const form = page.locator('form#jinjian-qiye');

  // Step 1: company, licence, registered address, legal person, contact. Validation first.
  await form.getByRole('button', { name: /下一步/ }).click();
  await expect(form.getByText('请输入企业名称')).toBeVisible();
  await form.getByLabel('企业名称').fill('太原安心家政服务有限公司');
  await form.getByLabel('统一社会信用代码').fill('91140105MA0K2Q3L5'); // one character short
  await form.getByLabel('统一社会信用代码').blur();
  await expect(form.getByText('统一社会信用代码须为 18 位')).toBeVisible();
  await form.getByLabel('统一社会信用代码').fill(uscc('91140105MA0K2Q3L5'));
  await pickDate(page, form.getByLabel('营业执照有效期开始'), '2019-06-18');
  await form
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('上传成功').first()).toBeVisible();
  // the shared RegionCascader does not take the form item's id, so its label is not linked: find it by its row
  await form.locator('.ant-form-item', { hasText: '注册地址' }).locator('.ant-select, .ant-cascader').first().click();
  await page.locator('.ant-cascader-menu-item', { hasText: '山西省' }).click();
  await page.locator('.ant-cascader-menu-item', { hasText: '太原市' }).click();
  await page.locator('.ant-cascader-menu-item', { hasText: '小店区' }).click();
  await form.getByLabel('详细地址').fill('小店区长风街 20 号');
  await form.getByLabel('法人姓名').fill('赵安');
  await form.getByLabel('法人身份证号').fill('140105198001010031'); // wrong check character
  await form.getByLabel('法人身份证号').blur();
  await expect(form.getByText(/法人身份证号校验不通过/)).toBeVisible();
  await form.getByLabel('法人身份证号').fill(idNo('14010519800101003'));
  await pickDate(page, form.getByLabel('法人身份证有效期开始'), '2015-01-01');
  await pickDate(page, form.getByLabel('法人身份证有效期结束'), '2035-01-01');
  await form.getByLabel('联系人', { exact: true }).fill('赵安');
  await form.getByLabel('联系人手机号').fill('13800000002');
  await form.getByRole('button', { name: /下一步/ }).click();

  // Step 2: the corporate account, its branch found through the lookup.
  await form.getByLabel('开户银行').click();
  await page.locator('.ant-select-item-option', { hasText: '中国建设银行' }).click();
  await form.getByLabel('开户支行').click();
  await form.getByLabel('开户支行').fill('长风街');
  await page.locator('.ant-select-item-option', { hasText: '长风街支行' }).click();
  await expect(form.getByText('105161000178', { exact: true })).toBeVisible();
  await form.getByLabel('对公账号').fill('0506004109300123456');
  await form.getByLabel('账户户名').fill('太原安心家政服务有限公司');
  await shot(page, 'jinjian-settlement');

  // The draft survives a reload.
  await page.reload();
  await page.getByRole('button', { name: /重新提交/ }).click();
  await page.getByRole('tab', { name: '企业' }).click();
  await expect(form.getByLabel('对公账号')).toHaveValue('0506004109300123456');
  await expect(form.getByText('105161000178', { exact: true })).toBeVisible();

  // Step 3: review and submit.
  await form.getByRole('button', { name: /下一步/ }).click();
  await expect(form.getByText('请核对进件资料')).toBeVisible();
  await expect(form.getByText('山西省太原市小店区小店区长风街 20 号')).toBeVisible();
  await shot(page, 'jinjian-review');
  await form.getByRole('button', { name: /提交审核/ }).click();
  await expect(page.getByText('进件资料已提交，等待审核')).toBeVisible();
  await expect(page.getByRole('alert').getByText('审核中', { exact: true })).toBeVisible();
  // answers are masked
  await expect(page.getByText('0506 **** **** 3456')).toBeVisible();
  await expect(page.getByText('0506004109300123456')).toHaveCount(0);
  await shot(page, 'jinjian-pending');

  // The sandbox approves after its delay; the page follows by itself.
  await expect(page.getByRole('alert').getByText('已开通', { exact: true })).toBeVisible({ timeout: 40_000 });
  await expect(page.getByText(/结算账户已设为提现银行卡/)).toBeVisible();
  await shot(page, 'jinjian-approved');

  // The card appears under 绑定记录 (finance's page).
  await page.getByRole('link', { name: '绑定记录' }).click();
  await expect(page).toHaveURL(/#\/bangdingjilu/);
  await expect(page.getByText('已绑定的银行卡')).toBeVisible();
  await expect(page.getByText('最近一次进件')).toHaveCount(0);
  await expect(page.getByRole('row', { name: /0506 \*{4} \*{4} 3456/ }).first()).toBeVisible();
  await expect(page.getByText('加载中')).toHaveCount(0);
  await shot(page, 'jinjian-bound-card');
});

test('a sub-account without the permission sees no menu and is refused', async ({ page }) => {
  await signIn(page, DEMO.subA);
  await expect(page.getByRole('menu').getByText('用户进件')).toHaveCount(0);
  await page.goto('/#/yonghujinjian');
  await expect(page.getByText('没有访问权限')).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get('/tmpl/api/app/jiazheng/pay/huifu/jinjianQuery', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await res.json()).code).toBe(301);
});
