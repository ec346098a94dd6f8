import { expect, type Page, test } from '@playwright/test';
import { DEMO, shot, signIn } from '../support/session.ts';

/** "¥1,035.40" -> 103540 fen. */
const fenOf = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

async function figure(page: Page, key: string) {
  const card = page.getByTestId(`finance-${key}`);
  await expect(card.locator('.ant-statistic-content')).toBeVisible();
  return fenOf((await card.locator('.ant-statistic-content').textContent()) ?? '');
}

async function figures(page: Page) {
  return {
    balance: await figure(page, 'balance'),
    frozen: await figure(page, 'frozen'),
    withdrawable: await figure(page, 'withdrawable'),
    pending: await figure(page, 'pendingWithdraw'),
  };
}

test('the owner sees the money add up, withdraws twice; the admin approves one and rejects the other; the ledger follows', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO.ownerA);
  // Withdrawals need the current must-sign agreements signed; another spec may have published a new version.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const pending = await page.request.get('/tmpl/api/app/jiazheng/xieyi/findDaiqianList', { headers });
  for (const a of ((await pending.json()).result ?? []) as { id: number }[])
    await page.request.post('/tmpl/api/app/jiazheng/xieyi/qianshu', {
      headers,
      form: { id: String(a.id), signerName: '王洁' },
    });

  // 财务管理: the cards add up (可提现 = 余额 - 冻结), the recent ledger is listed.
  await page.goto('/#/caiwuguanli');
  const start = await figures(page);
  expect(start.balance).toBeGreaterThan(0);
  expect(start.withdrawable).toBe(start.balance - start.frozen);
  await expect(page.getByText('最近收支')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '订单结算' }).first()).toBeVisible();
  await shot(page, 'finance-home');

  // 不可提现金额: the frozen settlements' total is the 冻结 figure.
  await page.goto('/#/buketixianjine');
  const total = page
    .locator('.ant-statistic')
    .filter({ hasText: '不可提现金额合计' })
    .locator('.ant-statistic-content');
  await expect(total).toHaveText(/¥/);
  expect(fenOf((await total.textContent()) ?? '')).toBe(start.frozen);
  await expect(page.getByText(/\d+ 天后/).first()).toBeVisible();
  await shot(page, 'finance-frozen');

  // 资金总览: the trend chart (echarts, SVG) with its legend.
  await page.goto('/#/caiwuzijinzonglan');
  await expect(page.locator('.echarts-for-react svg').first()).toBeVisible();
  await expect(page.getByText('期间收入')).toBeVisible();
  await page.getByText('按月').click();
  await expect(page.locator('.echarts-for-react svg').first()).toBeVisible();
  await shot(page, 'finance-overview');

  // 提现 through the menu: below the minimum is refused in the form; then two withdrawals with fee/arrival shown.
  await page.getByRole('menu').getByText('提现', { exact: true }).click();
  await expect(page).toHaveURL(/#\/caiwutixian/);
  await expect(page.getByTestId('withdrawable')).toHaveText(/¥/);
  const amount = page.getByPlaceholder('请输入提现金额（元）');
  await amount.fill('5');
  await page.getByRole('button', { name: /申请提现/ }).click();
  await expect(page.getByText('提现金额不能低于 ¥10.00')).toBeVisible();
  await amount.fill(String((start.withdrawable + 100) / 100));
  await page.getByRole('button', { name: /申请提现/ }).click();
  await expect(page.getByText(/提现金额不能超过可提现金额/)).toBeVisible();
  await amount.fill('100');
  await expect(page.locator('.ant-descriptions').getByText('¥100.00').last()).toBeVisible();
  // Step-up: without the owner's SMS code the form refuses; the code goes to the owner's phone, for this amount only.
  const code = page.getByLabel('短信验证码');
  await expect(page.getByTestId('step-up-hint')).toHaveText(
    '验证码将发送至商户主账号手机 138****0001，仅对本次提现金额和银行卡有效',
  );
  await page.getByRole('button', { name: /申请提现/ }).click();
  await expect(page.getByText('请输入短信验证码')).toBeVisible();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('验证码已发送至商户主账号手机 138****0001').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await code.fill('123456');
  await shot(page, 'finance-withdraw-form');
  await page.getByRole('button', { name: /申请提现/ }).click();
  await expect(page.getByText(/预计到账 ¥100\.00/)).toBeVisible();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('提现申请已提交，等待平台审核').first()).toBeVisible();
  await expect(amount).toHaveValue(''); // the form clears after a successful request
  await expect(code).toHaveValue(''); // and the code is used up: the next withdrawal asks for a new one
  await amount.fill('50');
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await code.fill('123456');
  await page.getByRole('button', { name: /申请提现/ }).click();
  // The first confirm may still be closing: click 确定 in the dialog that asks about ¥50.00.
  const second = page.locator('.ant-modal-confirm').filter({ hasText: /提现 ¥50\.00 到/ });
  await expect(second).toBeVisible();
  await second.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByRole('row').filter({ hasText: '¥50.00' }).filter({ hasText: '审核中' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '¥100.00' }).filter({ hasText: '审核中' })).toBeVisible();
  await expect(page.getByTestId('withdrawable')).not.toHaveText(
    `¥${(start.withdrawable / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2 })}`,
  );
  await shot(page, 'finance-withdraw');

  // The platform admin (own browser context) approves the 100 and rejects the 50 with a reason.
  const adminPage = await browser.newPage();
  await signIn(adminPage, DEMO.admin);
  await adminPage.goto('/#/sys/withdraw-audit');
  const reviewing = adminPage.getByRole('row').filter({ hasText: '运城洁家' }).filter({ hasText: '审核中' });
  const hundred = reviewing.filter({ hasText: '¥100.00' }).first();
  await expect(hundred).toBeVisible();
  await hundred.getByRole('button', { name: '通过' }).click();
  await adminPage.getByRole('button', { name: /确\s*定/ }).click();
  await expect(adminPage.getByText('已打款到账').first()).toBeVisible();
  const fifty = reviewing.filter({ hasText: '¥50.00' }).first();
  await fifty.getByRole('button', { name: '驳回' }).click();
  // The dialog's own 驳回 (it loads when first opened: the row's button is the only one until it is there).
  const rejectDialog = adminPage.getByRole('dialog', { name: /驳回提现/ });
  await rejectDialog.getByRole('button', { name: /驳\s*回/ }).click();
  await expect(adminPage.getByText('驳回时请填写原因')).toBeVisible();
  await rejectDialog.getByLabel('驳回原因').fill('收款账户与营业执照主体不一致');
  await rejectDialog.getByRole('button', { name: /驳\s*回/ }).click();
  await expect(adminPage.getByText('已驳回，金额已退回商家').first()).toBeVisible();
  await expect(
    adminPage.getByRole('row').filter({ hasText: '收款账户与营业执照主体不一致' }).filter({ hasText: '已驳回' }),
  ).toBeVisible();
  await shot(adminPage, 'finance-withdraw-audit');
  await adminPage.close();

  // Back with the owner: the 50 came back, the 100 is paid; the ledger shows 提现 and 提现退回.
  await page.goto('/#/caiwuguanli');
  await page.reload();
  const end = await figures(page);
  // (the unfreeze job may have released a settlement meanwhile: it moves 冻结 to 可提现, never the balance)
  expect(end.balance).toBe(start.balance - 10000);
  expect(end.withdrawable - (start.frozen - end.frozen)).toBe(start.withdrawable - 10000);
  expect(end.pending).toBe(start.pending);
  expect(end.withdrawable).toBe(end.balance - end.frozen);

  await page.goto('/#/shouzhimingxi');
  await expect(page.getByRole('row').filter({ hasText: '提现退回' }).filter({ hasText: '+¥50.00' })).toBeVisible();
  await page.locator('#search_kind').click();
  await page.getByTitle('提现', { exact: true }).click();
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(page.getByRole('row').filter({ hasText: '-¥100.00' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '订单结算' })).toHaveCount(0);
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导出/ }).click()]);
  expect(file.suggestedFilename()).toMatch(/^收支明细_\d+\.xlsx$/);
  await shot(page, 'finance-ledger');

  // A ledger row links to its withdrawal.
  await page
    .getByRole('link', { name: /^提现 TX/ })
    .first()
    .click();
  await expect(page).toHaveURL(/#\/caiwutixian\?withdrawNo=TX/);
  await expect(page.getByText('共 1 条')).toBeVisible();

  // 绑定记录: the bound card masked, the bind/unbind history.
  await page.goto('/#/bangdingjilu');
  await expect(page.getByTestId('bank-card').first()).toContainText(/\d{4} \*{4} \*{4} \d{4}/);
  await expect(page.getByRole('row').filter({ hasText: '解绑' }).first()).toBeVisible();
  await shot(page, 'finance-binding');

  // 绑定银行卡: only in the onboarded names, with the owner's code for exactly this card; then unbound again.
  const cardsBefore = await page.getByTestId('bank-card').count();
  await page
    .getByRole('button', { name: /绑定银行卡/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: '绑定银行卡' });
  await expect(
    dialog.getByText('开户名须与进件主体一致：对公账户「运城洁家家政服务有限公司」 或 对私银行卡「王洁」'),
  ).toBeVisible();
  await expect(dialog.getByLabel('开户名')).toHaveValue('运城洁家家政服务有限公司'); // prefilled from 用户进件
  await dialog.getByText('对私（个人）').click();
  await dialog.getByLabel('开户名').fill('张三');
  await dialog.getByLabel('银行卡号').fill('6228480018007654321');
  // the bank and branch are looked up: the branch brings its 联行号
  await dialog.getByLabel('开户银行').click();
  await page.locator('.ant-select-dropdown').getByTitle('中国农业银行').click();
  await dialog.getByLabel('开户支行').fill('运城分行');
  // the search answers after typing pauses and replaces the list: pick again until the choice holds
  await expect(async () => {
    const option = page.locator('.ant-select-item-option', { hasText: '中国农业银行股份有限公司运城分行营业部' });
    if (!(await option.isVisible())) await dialog.getByLabel('开户支行').click();
    await option.click({ timeout: 3000 });
    await expect(dialog.getByTestId('branch-code')).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await expect(dialog.getByTestId('branch-code')).toHaveText(/^联行号 103\d{9}$/);
  await expect(dialog.getByTestId('step-up-hint')).toHaveText(
    '验证码将发送至商户主账号手机 138****0001，仅对本张银行卡有效',
  );
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(
    page.getByText(
      /开户名须与进件信息一致：请绑定户名为「运城洁家家政服务有限公司」的对公账户，或法定代表人「王洁」本人的对私银行卡/,
    ),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: '获取验证码' })).toBeEnabled(); // nothing was sent
  await dialog.getByLabel('开户名').fill('王洁');
  await dialog.getByRole('button', { name: /绑\s*定/ }).click();
  await expect(dialog.getByText('请输入短信验证码')).toBeVisible();
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(dialog.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await dialog.getByLabel('短信验证码').fill('123456');
  await shot(page, 'finance-bind-card');
  await dialog.getByRole('button', { name: /绑\s*定/ }).click();
  await expect(page.getByText('绑定成功').first()).toBeVisible();
  await expect(page.getByTestId('bank-card')).toHaveCount(cardsBefore + 1);
  const added = page.getByTestId('bank-card').filter({ hasText: '6228 **** **** 4321' });
  await expect(added).toContainText('开户名：王洁');
  await expect(added.getByTestId('card-hold')).toHaveCount(0); // the owner bound it: no 24-hour hold
  await added.getByRole('button', { name: '解绑' }).click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByTestId('bank-card')).toHaveCount(cardsBefore);
});

/** A phone no other spec uses: it signs up as the owner of a new merchant that nobody ever onboards. */
const NEVER_ONBOARDED = '13955550836';

test('a merchant the payment provider has not onboarded sees why it cannot withdraw yet', async ({ page }) => {
  await signIn(page, NEVER_ONBOARDED);
  const hint = '尚未完成支付进件，暂不能提现：请先提交进件资料';
  await page.goto('/#/caiwuguanli');
  await expect(page.getByRole('alert').filter({ hasText: hint })).toBeVisible();
  await page.goto('/#/caiwutixian');
  const gate = page.getByRole('alert').filter({ has: page.getByTestId('withdraw-gate') });
  await expect(gate).toContainText('尚未开通支付，暂不能提现');
  await expect(page.getByTestId('withdraw-gate')).toHaveText(`${hint} 前往用户进件`);
  await gate.getByRole('link', { name: '前往用户进件' }).click();
  await expect(page).toHaveURL(/#\/yonghujinjian/);
  await page.goto('/#/caiwutixian');
  await expect(page.getByTestId('withdraw-gate')).toBeVisible();
  await expect(page.getByPlaceholder('请输入提现金额（元）')).toHaveCount(0);
  await shot(page, 'finance-withdraw-not-onboarded');
});

test('the sub-account has no finance menu and is refused the pages', async ({ page }) => {
  await signIn(page, DEMO.subA);
  const menu = page.getByRole('menu');
  // the menus its role has (everything but finance and the account) are there, finance is not
  await expect(menu.getByText('订单中心', { exact: true })).toBeVisible();
  await expect(menu.getByText('商品管理', { exact: true })).toBeVisible();
  await expect(menu.getByText('财务中心')).toHaveCount(0);
  for (const [path, title] of [
    ['caiwutixian', '提现'],
    ['caiwuguanli', '财务管理'],
  ]) {
    await page.goto(`/#/${path}`);
    await expect(page.getByText('没有访问权限')).toBeVisible();
    await expect(page.getByText(`您没有「${title}」的访问权限，请联系管理员。`)).toBeVisible();
    await expect(page.getByPlaceholder('请输入提现金额（元）')).toHaveCount(0);
    await expect(page.getByTestId('finance-balance')).toHaveCount(0);
  }
  // 返回首页 leads back to the landing page
  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/#\/index/);
  await expect(page.getByText('快捷入口')).toBeVisible();
  // and the API refuses it too, whatever the page shows
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get('/tmpl/api/app/jiazheng/caiwu/tixian/findAllByPage', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await res.json()).code).toBe(301);
});
