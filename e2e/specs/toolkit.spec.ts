import { expect, type Page, test } from '@playwright/test';
import { DEMO, openMenuPage as openPage, shot, signIn } from '../support/session.ts';

const OK = /确\s*定|OK/;
/** A 1×1 PNG (the upload checks magic bytes, so it must be a real image). */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Checks the tree node whose title starts with `name`. */
async function checkNode(page: Page, name: string) {
  const tree = page.getByTestId('role-menu-tree');
  const node = tree
    .locator('.ant-tree-treenode')
    .filter({ has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${name}`) }) });
  await node.locator('.ant-tree-checkbox').first().click();
}

/** Clicks 新增 (or another button) until the dialog titled `title` is open: a busy machine may swallow the first click. */
async function openDialog(page: Page, title: string, button = page.getByRole('button', { name: /新\s*增/ }).first()) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(async () => {
    if (!(await dialog.isVisible())) await button.click();
    await expect(dialog).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  return dialog;
}

async function signOut(page: Page) {
  await page.getByTestId('user-menu').hover();
  await page.getByText('退出登录').click();
  await expect(page).toHaveURL(/#\/login/);
}

test('the admin creates a role with some menus, gives it to a new user, who signs in to exactly those menus and buttons', async ({
  page,
}) => {
  test.setTimeout(120_000); // two sign-ins and nine screens on a shared two-core machine
  await signIn(page, DEMO.admin);
  await openPage(page, '系统管理', '角色管理', /#\/sys\/role/);
  await expect(page.getByRole('row', { name: /超级管理员/ })).toBeVisible();

  // A new platform role: 首页, the user page with only its 新增 button, the notice page with all its buttons.
  let dialog = await openDialog(page, '新增角色');
  await dialog.getByLabel('角色名称').fill('E2E客服');
  await dialog.getByLabel('角色编码').fill('e2e_cs');
  await dialog.getByRole('button', { name: '全部展开' }).click();
  await checkNode(page, '首页');
  await checkNode(page, '新增用户');
  await checkNode(page, '通知公告');
  await expect(dialog.getByText(/已选 \d+ 项/)).toBeVisible();
  await shot(page, 'toolkit-role-form');
  await dialog.getByRole('button', { name: OK }).click();
  await expect(page.getByText('操作成功').first()).toBeVisible();
  const roleRow = page.getByRole('row', { name: /E2E客服/ });
  await expect(roleRow).toBeVisible();

  // A new user holding it.
  await openPage(page, '系统管理', '用户管理', /#\/sys\/user/);
  dialog = await openDialog(page, '新增用户');
  await dialog.getByRole('button', { name: OK }).click();
  await expect(dialog.getByText('请输入登录名')).toBeVisible();
  await dialog.getByLabel('登录名').fill('e2e_kefu');
  await dialog.getByLabel('昵称').fill('客服小');
  await dialog.getByLabel('手机号').fill('13955550001');
  await dialog.getByLabel('角色').click();
  await page.locator('.ant-select-item-option', { hasText: 'E2E客服' }).click();
  await dialog.getByLabel('登录名').click();
  await dialog.getByRole('button', { name: OK }).click();
  await expect(page.getByRole('row', { name: /客服小/ })).toBeVisible();
  // 编辑 edits that user (the original front end had add and edit swapped): one row, renamed, no second user.
  const total = page.getByText(/^共 \d+ 条$/);
  const before = await total.textContent();
  await page
    .getByRole('row', { name: /客服小/ })
    .getByRole('button', { name: '编辑' })
    .click();
  dialog = page.getByRole('dialog', { name: '编辑用户' });
  await expect(dialog.getByLabel('登录名')).toHaveValue('e2e_kefu');
  await dialog.getByLabel('昵称').fill('客服小周');
  await dialog.getByRole('button', { name: OK }).click();
  await expect(page.getByRole('row', { name: /客服小周/ })).toBeVisible();
  await expect(page.locator('tr.ant-table-row', { hasText: 'e2e_kefu' })).toHaveCount(1);
  await expect(total).toHaveText(before!);
  await expect(page.getByRole('row', { name: /客服小周/ })).toContainText('E2E客服');
  await shot(page, 'toolkit-users');

  // The role in use cannot be deleted: the refusal says how many users hold it.
  await openPage(page, '系统管理', '角色管理', /#\/sys\/role/);
  const inUse = page.locator('tr.ant-table-row', { hasText: 'E2E客服' });
  await expect(inUse.locator('td').nth(5)).toHaveText('1'); // 用户数
  await inUse.getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('确认要删除吗?')).toBeVisible();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('角色「E2E客服」已分配给 1 个用户，请先取消分配再删除')).toBeVisible();

  // The new user signs in and sees exactly what the role grants.
  await signOut(page);
  await signIn(page, '13955550001');
  const menu = page.getByRole('menu');
  // One page of 系统管理 and one of 内容运营: no folder with a single child, each page at its folder's place.
  await expect(menu.getByText('用户管理', { exact: true })).toBeVisible();
  await expect(menu.getByText('通知公告', { exact: true })).toBeVisible();
  await expect(menu.getByText('系统管理', { exact: true })).toHaveCount(0);
  await expect(menu.getByText('内容运营', { exact: true })).toHaveCount(0);
  for (const hidden of ['角色管理', '菜单管理', '操作日志', '字典管理', '商家用户'])
    await expect(menu.getByText(hidden, { exact: true })).toHaveCount(0);
  await menu.getByText('用户管理', { exact: true }).click();
  await expect(page).toHaveURL(/#\/sys\/user/);
  await expect(page.getByRole('row', { name: /客服小周/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /新\s*增/ })).toBeVisible();
  await expect(page.getByRole('button', { name: '批量删除' })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /客服小周/ }).getByRole('button', { name: '编辑' })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /客服小周/ }).getByRole('button', { name: '删除' })).toHaveCount(0);
  await shot(page, 'toolkit-new-user-users');
  await menu.getByText('通知公告', { exact: true }).click();
  await expect(page).toHaveURL(/#\/platform\/notice/);
  await expect(page.getByRole('button', { name: /新\s*增/ })).toBeVisible();
  await expect(page.getByRole('button', { name: '批量删除' })).toBeVisible();
  for (const hidden of ['轮播图', '常见问题', '意见反馈'])
    await expect(menu.getByText(hidden, { exact: true })).toHaveCount(0);
  // A page outside the role is refused.
  await page.goto('/#/sys/role');
  await expect(page.getByText('没有访问权限')).toBeVisible();
  await shot(page, 'toolkit-new-user-refused');
});

test('menus, logs and content: validated routerParam, log detail, banner, notice, Q&A, feedback handling', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // A retry meets what the first attempt saved (specs share one database): its records carry the attempt's number.
  const n = test.info().retry ? `${test.info().retry}` : '';
  const menuName = `E2E字典入口${n}`;
  const noticeTitle = `E2E 平台公告${n}`;
  const bannerTitle = `E2E 保洁季${n}`;
  await signIn(page, DEMO.admin);

  // Menu: a page with a bad routerParam is refused in the form, then saved with valid JSON.
  await openPage(page, '系统管理', '菜单管理', /#\/sys\/menu/);
  await expect(page.getByRole('row', { name: /首页/ }).first()).toBeVisible();
  let dialog = await openDialog(page, '新增菜单');
  await dialog.getByLabel('菜单名称').fill(menuName);
  await dialog.getByLabel('页面组件').click();
  await page.keyboard.type('sys.dict');
  await page.locator('.ant-select-item-option', { hasText: 'sys.dict' }).first().click();
  await expect(dialog.getByLabel('路由地址')).toHaveValue('/sys/dict');
  await dialog.getByLabel('路由地址').fill(`/e2e/dict${n}`);
  await dialog.getByLabel('路由参数').fill('{tab:1}');
  await dialog.getByRole('button', { name: OK }).click();
  await expect(dialog.getByText('路由参数须为 JSON 对象，如 {"tab":"1"}')).toBeVisible();
  await dialog.getByLabel('路由参数').fill('{"dictType":"sys_yes_no"}');
  await dialog.getByRole('button', { name: '选择图标' }).click();
  await page.getByPlaceholder('搜索图标名称，如 home、user').fill('book');
  await page.getByRole('option', { name: 'BookOutlined', exact: true }).click();
  await expect(dialog.locator('input[value="BookOutlined"]')).toBeVisible();
  await dialog.getByRole('button', { name: OK }).click();
  await expect(page.getByRole('row', { name: menuName })).toBeVisible();
  await shot(page, 'toolkit-menus');
  // The admin's own sidebar shows it at once; its routerParam becomes the query.
  await page.getByRole('menu').getByText(menuName, { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`#/e2e/dict${n}\\?dictType=sys_yes_no`));

  // Operation log: the menu add is there; the detail drawer shows it.
  await openPage(page, '系统管理', '操作日志', /#\/sys\/log/);
  const logRow = page.getByRole('row', { name: /菜单管理/ }).first();
  await expect(logRow).toBeVisible();
  await logRow.getByRole('button', { name: '详情' }).click();
  await expect(page.getByText('日志详情')).toBeVisible();
  await expect(page.getByText(menuName).last()).toBeVisible();
  await shot(page, 'toolkit-log-detail');
  await page.keyboard.press('Escape');
  // Login logs keep the phone, never the code.
  const login = page.getByRole('row', { name: /短信登录/ }).first();
  await login.getByRole('button', { name: '详情' }).click();
  await expect(page.getByText('"code": "******"')).toBeVisible();
  await page.keyboard.press('Escape');

  // Merchant users: the merchant accounts with their merchant, searchable by phone.
  await openPage(page, '系统管理', '商家用户', /#\/sys\/merchant-user/);
  await page.getByLabel('手机号').fill(DEMO.ownerA);
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  const owner = page.locator('tr.ant-table-row', { hasText: DEMO.ownerA });
  await expect(owner).toHaveCount(1);
  await expect(owner).toContainText('主账号');

  // Notice: add through the rich-text editor, then the merchant reads it.
  await openPage(page, '内容运营', '通知公告', /#\/platform\/notice/);
  dialog = await openDialog(page, '新增公告');
  await dialog.getByLabel('标题').fill(noticeTitle);
  await dialog.locator('[data-slate-editor]').click();
  await page.keyboard.type('本周六系统升级，请提前安排订单。');
  // Under load the editor can take a moment to hold what was typed: save only once it shows the text.
  await expect(dialog.locator('[data-slate-editor]')).toContainText('本周六系统升级');
  await dialog.getByRole('button', { name: OK }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: noticeTitle })).toBeVisible();

  // Feedback: handle the demo merchant's feedback with a reply.
  await openPage(page, '内容运营', '意见反馈', /#\/platform\/feedback/);
  const fb = page.locator('tr.ant-table-row', { hasText: '按服务日期筛选' });
  await expect(fb).toBeVisible();
  // A retry finds it handled by the first attempt.
  if (!(await fb.textContent())?.includes('已处理')) {
    await fb.getByRole('button', { name: '处理' }).click();
    await page.getByLabel('回复商家').fill('已排期，下个版本上线。');
    await page.getByRole('button', { name: '标记为已处理并回复' }).click();
  }
  await expect(fb).toContainText('已处理');
  await shot(page, 'toolkit-feedback');

  // Banner: upload an image, save, switch it off with confirmation.
  await openPage(page, '内容运营', '轮播图', /#\/platform\/banner/);
  await expect(page.getByRole('row', { name: /首月免佣/ })).toBeVisible();
  dialog = await openDialog(page, '新增轮播图');
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from(PNG, 'base64') });
  await expect(page.getByText('上传成功')).toBeVisible();
  await dialog.getByLabel('标题').fill(bannerTitle);
  await dialog.getByRole('button', { name: OK }).click();
  const banner = page.locator('tr.ant-table-row', { hasText: bannerTitle });
  await expect(banner).toContainText('展示中');
  await expect(banner.locator('img')).toHaveAttribute('src', /\/tmpl\/uploads\/banner\//);
  await banner.getByRole('switch').click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(banner).toContainText('已停用');
  await shot(page, 'toolkit-banners');

  // Q&A: add with a rich-text answer, then delete it after confirming.
  await openPage(page, '内容运营', '常见问题', /#\/platform\/qa/);
  await expect(page.getByRole('row', { name: /如何新增分店/ })).toBeVisible();
  dialog = await openDialog(page, '新增问题');
  await dialog.getByLabel('问题').fill(`E2E 如何修改营业时间？${n}`);
  await dialog.getByLabel('分类').click();
  await page.locator('.ant-select-item-option', { hasText: '店铺与商品' }).click();
  await dialog.locator('[data-slate-editor]').click();
  await page.keyboard.type('在店铺信息中修改营业时间。');
  await dialog.getByRole('button', { name: OK }).click();
  const qa = page.locator('tr.ant-table-row', { hasText: `E2E 如何修改营业时间？${n}` });
  await expect(qa).toContainText('店铺与商品');
  await qa.getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('确认要删除吗?')).toBeVisible();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(qa).toHaveCount(0);

  // The merchant owner reads the notice and the reply, and sends feedback.
  await signOut(page);
  await signIn(page, DEMO.ownerA);
  // The landing page lists the platform's published notices.
  await expect(page.getByText('平台公告').first()).toBeVisible();
  await expect(page.getByText(noticeTitle)).toBeVisible();
  await page.getByRole('menu').getByText('意见反馈', { exact: true }).click();
  await expect(page).toHaveURL(/#\/yijianfankui/);
  await page
    .getByRole('row', { name: /按服务日期筛选/ })
    .getByRole('button', { name: '查看' })
    .click();
  await expect(page.getByText('已排期，下个版本上线。')).toBeVisible();
  await page.keyboard.press('Escape');
  dialog = await openDialog(page, '提交反馈', page.getByRole('button', { name: '提交反馈' }));
  await dialog.getByLabel('反馈内容').fill('希望增加批量导出订单的功能');
  await dialog.getByRole('button', { name: OK }).click();
  await expect(page.getByText('反馈已提交，感谢您的建议')).toBeVisible();
  await expect(page.locator('tr.ant-table-row', { hasText: '批量导出订单' }).first()).toBeVisible();
  await page.getByRole('tab', { name: '平台公告' }).click();
  await expect(page.getByText(noticeTitle)).toBeVisible();
  await shot(page, 'toolkit-merchant-feedback');
  // The toolkit stays closed to merchants.
  await page.goto('/#/sys/user');
  await expect(page.getByText('没有访问权限')).toBeVisible();
});
