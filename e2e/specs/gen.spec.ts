import { expect, type Page, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { strFromU8, unzipSync } from 'fflate';
import { serverDbFile as serverDb } from '../support/server-db.ts';
import { DEMO, shot, signIn } from '../support/session.ts';

const TABLE = `e2e_gen_${Date.now().toString(36)}`;
const openGen = async (page: Page) => {
  const menu = page.getByRole('menu');
  if (!(await menu.getByText('代码生成', { exact: true }).isVisible())) await menu.getByText('系统管理').click();
  await menu.getByText('代码生成', { exact: true }).click();
  await expect(page).toHaveURL(/#\/sys\/gen/);
};

test('platform admin imports a table, edits its columns, previews, downloads the zip, syncs and deletes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const db = new Database(serverDb());
  db.exec(`create table ${TABLE} (
    id integer primary key autoincrement,
    item_name varchar(50) not null,
    item_status integer not null default 0,
    cover_image text,
    content text,
    created_at text not null,
    updated_at text not null
  )`);

  await signIn(page, DEMO.admin);
  await openGen(page);

  // Import: the dialog lists the new table and none of the product's own.
  await page.getByRole('button', { name: /导\s*入$/ }).click(); // not the empty list's 导入第一张表
  const dialog = page.getByRole('dialog', { name: '导入表' });
  await expect(dialog.getByRole('row', { name: new RegExp(TABLE) })).toBeVisible();
  await expect(dialog.getByRole('cell', { name: 'session', exact: true })).toHaveCount(0);
  await dialog
    .getByRole('row', { name: new RegExp(TABLE) })
    .getByRole('checkbox')
    .check();
  await shot(page, 'gen-import');
  await dialog.getByRole('button', { name: /导入选中的表/ }).click();
  await expect(page.getByText('操作成功').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: new RegExp(TABLE) });
  await expect(row).toBeVisible();

  // Generating is off on this server: the button is disabled and says why.
  await expect(row.getByRole('button', { name: '生成代码' })).toBeDisabled();
  await row.getByRole('button', { name: '生成代码' }).hover({ force: true });
  await expect(page.getByRole('tooltip').first()).toContainText('GEN_WRITE_ENABLED');

  // Edit: basic info and the column grid.
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: /编辑生成配置/ });
  await edit.getByLabel('功能名（菜单名）').fill('E2E演示');
  await edit.getByRole('tab', { name: '字段信息' }).click();
  await edit.getByLabel('item_name 字段描述').fill('项目名称');
  await expect(edit.getByLabel('cover_image 显示类型')).toBeVisible();
  await shot(page, 'gen-edit-columns');
  await edit.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByRole('row', { name: /E2E演示/ })).toBeVisible();

  // Preview: a tab per file; the migration is idempotent, the form carries the edited label.
  await page
    .getByRole('row', { name: new RegExp(TABLE) })
    .getByRole('button', { name: '预览' })
    .click();
  const preview = page.getByRole('dialog', { name: /代码预览/ });
  await expect(preview.getByRole('tab')).toHaveCount(13);
  await expect(preview.getByTestId('gen-code').first()).toContainText(`createTable('${TABLE}').ifNotExists()`);
  const formTab = preview.getByRole('tab', { name: /Form\.tsx$/ });
  await formTab.click();
  await expect(preview.getByTestId('gen-code').filter({ visible: true })).toContainText('项目名称');
  await shot(page, 'gen-preview');

  // Download: a zip that unpacks to the previewed files.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    preview.getByRole('button', { name: /下载 zip/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`E2E演示_${TABLE}.zip`);
  const zip = unzipSync(new Uint8Array(readFileSync(await download.path())));
  const names = Object.keys(zip);
  expect(names).toHaveLength(13);
  expect(names).toContain(`server/test/${TABLE.replace(/_/g, '-')}.test.ts`);
  const migration = names.find((n) => n.includes('/migrations/'))!;
  expect(strFromU8(zip[migration])).toContain(`createTable('${TABLE}').ifNotExists()`);
  await preview.getByRole('button', { name: '关 闭' }).click();

  // Sync after the table changed: the new column appears, the edited label stays.
  db.exec(`alter table ${TABLE} add column sub_title text`);
  await page
    .getByRole('row', { name: new RegExp(TABLE) })
    .getByRole('button', { name: '同步' })
    .click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('操作成功').first()).toBeVisible();
  await page
    .getByRole('row', { name: new RegExp(TABLE) })
    .getByRole('button', { name: '编辑' })
    .click();
  await page
    .getByRole('dialog', { name: /编辑生成配置/ })
    .getByRole('tab', { name: '字段信息' })
    .click();
  await expect(page.getByLabel('sub_title 字段描述')).toBeVisible();
  await expect(page.getByLabel('item_name 字段描述')).toHaveValue('项目名称');
  await page.getByRole('button', { name: /取\s*消/ }).click();

  // Delete, confirmed.
  await page
    .getByRole('row', { name: new RegExp(TABLE) })
    .getByRole('button', { name: '删除' })
    .click();
  await expect(page.getByText('确认要删除吗?')).toBeVisible();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByRole('row', { name: new RegExp(TABLE) })).toHaveCount(0);
  db.exec(`drop table ${TABLE}`);
  db.close();
});

test('a merchant owner has neither the menu nor the page', async ({ page }) => {
  await signIn(page, DEMO.ownerA);
  await expect(page.getByRole('menu').getByText('代码生成')).toHaveCount(0);
  await page.goto('/#/sys/gen');
  await expect(page.getByText(/没有访问权限|页面不存在/)).toBeVisible();
});
