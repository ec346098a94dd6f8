import { expect, test } from '@playwright/test';
import { DEMO, shot, signIn } from '../support/session.ts';

test('merchant owner signs in by SMS, sees the landing page, the shop switcher and its own menus, then signs out', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/login/);
  await shot(page, 'login');
  await signIn(page, DEMO.ownerA);
  await expect(page.getByText('运城洁家家政（总店）').first()).toBeVisible();
  await expect(page.getByRole('menu').getByText('首页')).toBeVisible();
  await expect(page.getByRole('menu').getByText('系统管理')).toHaveCount(0);
  await shot(page, 'index-merchant');

  // A platform page is refused for a merchant: not in its menus, and the server would refuse the data.
  await page.goto('/#/sys/dict');
  await expect(page.getByText('没有访问权限')).toBeVisible();

  await page.getByTestId('user-menu').hover();
  await page.getByText('退出登录').click();
  await expect(page).toHaveURL(/#\/login/);
  await page.goto('/#/index');
  await expect(page).toHaveURL(/#\/login/);
});

test('an invalid stored token is sent back to /login with a warning', async ({ page }) => {
  await page.goto('/#/login');
  await page.evaluate(() => localStorage.setItem('token', 'x'.repeat(43)));
  await page.goto('/#/index');
  await expect(page).toHaveURL(/#\/login/);
  await expect(page.getByText(/登录已过期|请先登录/)).toBeVisible();
});

test('with a stored token, /login goes to /index', async ({ page }) => {
  await signIn(page, DEMO.ownerB);
  await page.goto('/#/login');
  await expect(page).toHaveURL(/#\/index/);
  await expect(page.getByText('太原安心家政').first()).toBeVisible();
});
