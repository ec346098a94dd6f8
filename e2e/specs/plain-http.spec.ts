import { chromium, expect, test } from '@playwright/test';

/**
 * The console served over plain HTTP on a host name (an intranet install, a first trial, compose's port 80). Chromium
 * treats 127.0.0.1 and localhost as secure, so the other specs could not see it: with `upgrade-insecure-requests` in
 * the policy, only `GET /` reached the server and the page stayed blank. A browser of its own resolves a host name to
 * this server.
 */
const HOST = 'jz-console.test';

test('the login page loads over http://<host name>: scripts, styles and the form', async () => {
  const port = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1:3210').port;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  });
  try {
    const page = await browser.newPage({ locale: 'zh-CN' });
    const failed: string[] = [];
    const scripts: string[] = [];
    page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script' && r.ok()) scripts.push(r.url());
    });
    const origin = `http://${HOST}:${port}`;
    const first = await page.goto(`${origin}/`);
    expect(first?.status()).toBe(200);

    await expect(page).toHaveURL(/#\/login/);
    await expect(page.getByLabel('手机号')).toBeVisible();
    await expect(page.getByLabel('验证码')).toBeVisible();
    await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
    // Every script came from this origin over http, none was upgraded to an https:// nobody serves.
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) expect(url.startsWith(`${origin}/`), url).toBe(true);
    expect(failed).toEqual([]);
    expect(first?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
  } finally {
    await browser.close();
  }
});
