import { expect, type Page, test } from '@playwright/test';
import { DEMO, shot, signIn } from '../support/session.ts';

/**
 * Sub-accounts end to end: the owner makes a role without finance and a sub-account with it; that sub-account signs in
 * to a console without finance whose finance calls the server refuses; password sign-in and the phone change work.
 * Phones are distinct per step (the 60 s resend rule is per phone and purpose).
 */
const SUB_PHONE = '13900000031';
const NEW_PHONE = '13900000032';
const PASSWORD = 'Qiantai2026';
const ROLE = '前台接待';

test.describe.configure({ mode: 'serial' });

async function apiCall(page: Page, path: string) {
  return page.evaluate(async (p) => {
    const r = await fetch(`/tmpl/api/${p}`, {
      headers: { client: 'jiazheng-merchant-pc', authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return (await r.json()) as { code: number };
  }, path);
}

test('the platform rejects a pending licence with a reason (merchant A sees it below)', async ({ page }) => {
  await signIn(page, DEMO.admin);
  await page.goto('/#/sys/licence-audit');
  const row = page.getByRole('row').filter({ hasText: 'JZFW-2026-0088' });
  await expect(row).toContainText('待审核');
  await row.getByRole('button', { name: '驳回' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('驳回原因').fill('图片不清晰，请重新上传');
  await dialog.getByRole('button', { name: /驳\s*回/ }).click();
  await expect(row).toContainText('已驳回');
  await shot(page, 'account-licence-audit');
});

test('the owner creates a role without finance and a sub-account with it', async ({ page }) => {
  await signIn(page, DEMO.ownerA);
  await page.goto('/#/zizhanghaoyuquanxian?tab=role');
  await page.getByRole('button', { name: '新增角色' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('角色名称').fill(ROLE);
  const tree = dialog.getByTestId('merchant-role-tree');
  await expect(tree.getByRole('treeitem').first()).toBeVisible();
  // Every merchant folder (目录) except 财务中心 and 账号设置, and the pages outside folders (商品管理, 公司员工).
  const folders = tree.getByRole('treeitem', { name: /目录$/ });
  const n = await folders.count();
  expect(n).toBeGreaterThan(3);
  for (let i = 0; i < n; i++) {
    const node = folders.nth(i);
    const title = ((await node.textContent()) ?? '').trim();
    if (/财务中心|账号设置/.test(title)) continue;
    await node.locator('.ant-tree-checkbox').click();
  }
  for (const name of ['商品管理', '公司员工'])
    await tree
      // A page with buttons is named after its expand icon too ("caret-down 商品管理页面").
      .getByRole('treeitem', { name: new RegExp(`(^| )${name}页面$`) })
      .locator('.ant-tree-checkbox')
      .click();
  await shot(page, 'account-role-form');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('row').filter({ hasText: ROLE })).toBeVisible();

  await page.getByRole('tab', { name: '子账号' }).click();
  await page.getByRole('button', { name: '新增账号' }).click();
  await expect(page).toHaveURL(/#\/xinzengzhanghao/);
  const form = page.locator('form#subAccountForm');
  await form.getByLabel('姓名').fill('前台小王');
  await form.getByLabel('手机号').fill(SUB_PHONE);
  await form.getByRole('combobox', { name: '角色' }).click();
  await page.locator('.ant-select-item-option', { hasText: ROLE }).click();
  await form.getByLabel('初始密码').fill(PASSWORD);
  await form.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/#\/zizhanghaoyuquanxian/);
  const row = page.getByRole('row').filter({ hasText: SUB_PHONE });
  await expect(row).toContainText(ROLE);
  await expect(row).toContainText('全部店铺');
  await shot(page, 'account-subaccounts');

  await row.getByRole('button', { name: '详情' }).click();
  await expect(page).toHaveURL(/#\/zhanghaoxiangqing\?id=\d+/);
  await expect(page.getByTestId('sub-perms')).toContainText('merchant:goods:list');
  // (用户进件 keeps its own merchant:finance:jinjian:* codes in another folder.)
  await expect(page.getByTestId('sub-perms')).not.toContainText('merchant:finance:view');
  await expect(page.getByTestId('sub-perms')).not.toContainText('merchant:finance:withdraw');

  // The owner's licences: the demo 健康证 expires within 30 days.
  await page.goto('/#/wodezhengzhao');
  await expect(page.getByText('剩 12 天到期')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'JZFW-2026-0088' })).toContainText('图片不清晰，请重新上传');
  await shot(page, 'account-licences');
});

test('the sub-account signs in to a console without finance; the server refuses finance calls', async ({ page }) => {
  await signIn(page, SUB_PHONE);
  await expect(page.getByRole('menu').getByText('财务中心')).toHaveCount(0);
  await expect(page.getByRole('menu').getByText('商品管理')).toBeVisible();
  expect((await apiCall(page, 'app/jiazheng/caiwu/findZonglan')).code).toBe(301);
  expect((await apiCall(page, 'app/jiazheng/caiwu/shouzhi/findAllByPage')).code).toBe(301);
  expect((await apiCall(page, 'app/jiazheng/shangjia/shangpin/shangjia/findAllByPage')).code).toBe(200);
  await page.goto('/#/caiwutixian');
  await expect(page.getByPlaceholder('请输入提现金额（元）')).toHaveCount(0);
  await shot(page, 'account-sub-console');
});

test('password sign-in, then the phone change with codes to the old and the new phone', async ({ page }) => {
  await page.goto('/#/login');
  await page.getByRole('tab', { name: '密码登录' }).click();
  await page.getByLabel('账号名或手机号').fill(SUB_PHONE);
  await page.getByLabel('密码', { exact: true }).fill('Wrong1234');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page.getByText(/账号或密码错误，还可尝试 4 次/)).toBeVisible();
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/#\/index/);

  await page.goto('/#/wodezhanghao');
  await expect(page.getByTestId('account-phone')).toHaveText('139****0031');
  // 上次登录: the SMS sign-in of the previous test, with its place (IP) and browser.
  await expect(page.getByTestId('account-previous-sign-in')).toContainText(/登录地点 .+Chrome/);
  await shot(page, 'account-mine');
  await page.getByRole('button', { name: '修改手机号' }).click();
  await expect(page).toHaveURL(/#\/xiugaishoujihao/);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('验证码已发送')).toBeVisible();
  await page.getByLabel('验证码').fill('123456');
  await page.getByRole('button', { name: /下一步/ }).click();
  await page.getByLabel('新手机号').fill(NEW_PHONE);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByLabel('新手机验证码').fill('123456');
  await page.getByRole('button', { name: /确认修改/ }).click();
  // The result page's title (the success toast says the same words).
  await expect(page.locator('.ant-result-title', { hasText: '手机号已修改' })).toBeVisible();
  await shot(page, 'account-phone-changed');
  await page.getByRole('button', { name: /返回我的账号/ }).click();
  await expect(page.getByTestId('account-phone')).toHaveText('139****0032');

  // The new phone signs in with the password; the old one no longer does.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/#/login');
  await page.getByRole('tab', { name: '密码登录' }).click();
  await page.getByLabel('账号名或手机号').fill(NEW_PHONE);
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/#\/index/);
});
