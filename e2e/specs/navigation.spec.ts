import { expect, type Page, test } from '@playwright/test';
import { DEMO, shot, signIn } from '../support/session.ts';

/**
 * Navigation and 系统配置: the sidebars of the demo owner and the platform admin (no folder with a single
 * entry, no folder named like its page, no developer page), and 系统配置 keeping an unsaved edit per type with the real
 * rich-text editor and the real server. Screenshots: nav-*.png (1600 px wide).
 */
const topLevel = (page: Page) =>
  page.locator('.ant-menu-root > li').evaluateAll((items) => items.map((li) => li.textContent?.trim() ?? ''));

test('the demo owner’s sidebar: pages without a one-page folder, folders not named like their pages', async ({
  page,
}) => {
  await signIn(page, DEMO.ownerA);
  expect(await topLevel(page)).toEqual([
    '首页',
    '店铺中心',
    '商品管理',
    '订单中心',
    '客户管理',
    '公司员工',
    '财务中心',
    '数据中心',
    '用户进件',
    '协议中心',
    '消息管理',
    '账号设置',
    '意见反馈',
  ]);
  const menu = page.getByRole('menu');
  await menu.getByText('商品管理', { exact: true }).click();
  await expect(page).toHaveURL(/#\/shangpinguanli/);
  await expect(page.getByRole('heading', { level: 1, name: '商品管理' })).toBeVisible();
  await menu.getByText('订单中心', { exact: true }).click();
  await expect(menu.getByText('订单管理', { exact: true })).toBeVisible();
  await expect(menu.getByText('订单接单', { exact: true })).toBeVisible();
  await page.setViewportSize({ width: 1600, height: 1000 });
  await shot(page, 'nav-sidebar-owner');
  await menu.getByText('订单管理', { exact: true }).click();
  await expect(page).toHaveURL(/#\/dingdanguanli/);
  // The breadcrumb names the folder and the page apart.
  await expect(page.locator('.jz-page-crumbs')).toHaveText(/首页\s*\/\s*订单中心\s*\/\s*订单管理/);
});

test('the platform admin’s sidebar has no 组件示例; 系统配置 links to none; the page answers its address only', async ({
  page,
}) => {
  await signIn(page, DEMO.admin);
  expect(await topLevel(page)).toEqual(['首页', '平台运营', '内容运营', '系统管理']);
  const menu = page.getByRole('menu');
  await menu.getByText('系统管理', { exact: true }).click();
  await expect(menu.getByText('系统配置', { exact: true })).toBeVisible();
  await expect(page.getByText('组件示例')).toHaveCount(0);
  await page.setViewportSize({ width: 1600, height: 1000 });
  await shot(page, 'nav-sidebar-admin');
  await menu.getByText('系统配置', { exact: true }).click();
  await expect(page.locator('.w-e-text-container [contenteditable="true"]')).toBeVisible();
  await expect(page.getByText('组件示例')).toHaveCount(0);
  // For developers and the widget tests: by its address.
  await page.goto('/#/sys/widgets');
  await expect(page.getByText('组件示例').first()).toBeVisible();
});

test('系统配置 keeps an unsaved edit per type and asks before leaving (real editor)', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.admin);
  await page.goto('/#/sys/config?type=about_us');
  const editor = page.locator('.w-e-text-container [contenteditable="true"]');
  await expect(editor).toBeVisible();
  // Opening a saved text is no edit.
  await page.waitForTimeout(500);
  await expect(page.getByText('有未保存的修改')).toHaveCount(0);

  const draft = `草稿-${Date.now().toString(36)}`;
  await editor.click();
  await page.keyboard.press('End');
  await page.keyboard.type(draft);
  await expect(page.getByText('有未保存的修改')).toBeVisible();

  await page.getByText('用户协议', { exact: true }).click();
  await expect(page).toHaveURL(/type=user_agreement/);
  await expect(editor).not.toContainText(draft);
  await expect(page.getByText('有未保存的修改', { exact: true })).toHaveCount(0);
  await expect(page.getByTitle('有未保存的修改')).toHaveText('关于我们');

  await page.getByText('关于我们', { exact: true }).click();
  await expect(editor).toContainText(draft);
  await expect(page.getByText('有未保存的修改', { exact: true })).toBeVisible();
  await shot(page, 'nav-config-draft');

  // Leaving by the sidebar asks; 继续编辑 stays with the draft.
  const menu = page.getByRole('menu');
  await menu.getByText('字典管理', { exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '放弃未保存的修改？' });
  await expect(dialog).toContainText('「关于我们」有未保存的修改，离开后将丢失。');
  await shot(page, 'nav-config-leave');
  await dialog.getByRole('button', { name: '继续编辑' }).click();
  await expect(page).toHaveURL(/#\/sys\/config/);
  await expect(editor).toContainText(draft);

  // 放弃并离开 leaves; coming back shows the saved text, no draft.
  await menu.getByText('字典管理', { exact: true }).click();
  await page.getByRole('dialog', { name: '放弃未保存的修改？' }).getByRole('button', { name: '放弃并离开' }).click();
  await expect(page).toHaveURL(/#\/sys\/dict/);
  await expect(page.getByRole('heading', { level: 1, name: '字典管理' })).toBeVisible();
  await menu.getByText('系统配置', { exact: true }).click();
  await expect(editor).toBeVisible();
  await expect(editor).not.toContainText(draft);
  await expect(page.getByText('有未保存的修改')).toHaveCount(0);
});
