import { expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: '13800000000',
  ownerA: '13800000001',
  ownerB: '13800000002',
  subA: '13800000003',
} as const;

/**
 * Signs in through the real login screen with the demo SMS code and waits for the landing page. An unknown phone signs
 * up as the owner of a new merchant without a shop. Patient with the 60 s resend rule: on a server with the SMS limits
 * on, a phone another test has just signed in is refused with "请 N 秒后再试"; then it waits N seconds and asks again.
 */
export async function signIn(page: Page, phone: string) {
  await page.goto('/#/login');
  await page.getByLabel('手机号').fill(phone);
  const send = page.getByRole('button', { name: '获取验证码' });
  // The countdown is the lasting sign that the code was sent (the toast may be gone before a slow check sees it).
  const sent = page.getByRole('button', { name: /秒后重发/ });
  const wait = page.getByText(/请 \d+ 秒后再试/);
  await send.click();
  await expect(sent.or(wait).first()).toBeVisible();
  if (!(await sent.isVisible())) {
    const seconds = Number(/请 (\d+) 秒/.exec((await wait.first().textContent()) ?? '')?.[1] ?? 60);
    await page.waitForTimeout((seconds + 1) * 1000);
    await send.click();
    await expect(sent).toBeVisible();
  }
  await page.getByLabel('验证码').fill('123456');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/#\/index/);
  await expect(page.getByText('快捷入口')).toBeVisible();
}

/** Screenshots go to a git-ignored folder for people to look at. */
export const shot = (page: Page, name: string) => page.screenshot({ path: `screenshots/${name}.png`, fullPage: true });

/**
 * Opens a page through the sidebar: folder, then item. The sidebar opens the current page's folder by itself a moment
 * after a navigation, and a click on an open folder closes it, so the whole step is retried until the URL follows.
 */
export async function openMenuPage(page: Page, folder: string, item: string, url: RegExp) {
  const menu = page.getByRole('menu');
  const title = menu.locator('.ant-menu-submenu-title', { hasText: folder }).first();
  await expect(async () => {
    if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
    await expect(title).toHaveAttribute('aria-expanded', 'true', { timeout: 1500 });
    await menu.getByText(item, { exact: true }).click({ timeout: 3000 });
    await expect(page).toHaveURL(url, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}
