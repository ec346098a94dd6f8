import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { copyProject, PROJECT_ROOT } from '../../scripts/lib/project-copy.mjs';
import { assertPortFree, runNode, type Started, startNode, stop, stopAll, waitForHttp } from '../support/children.ts';
import { DEMO, openMenuPage, shot, signIn } from '../support/session.ts';

/**
 * The code generator, the last part: after generating in development, the new page appears in the menu and works
 * end to end. Everything happens in a temporary COPY of the project (scripts/lib/project-copy.mjs) with a server of
 * its own (from source, own port and data folder, GEN_WRITE_ENABLED=true in development): the admin imports a table
 * there and presses 生成代码; the copy's web app is rebuilt and its server restarted (modules, migrations and menus
 * are discovered at start); the admin signs in again and adds, edits and deletes a record on the new page.
 * The shared e2e server keeps running meanwhile; the checkout is never written.
 */
const PORT = Number(process.env.GEN_LIVE_PORT ?? 3290);
const BASE = `http://127.0.0.1:${PORT}`;
const TABLE = 'live_demo_item';
const KEBAB = 'live-demo-item';
const TITLE = '在线演示';

test.use({ baseURL: BASE });

let copy = '';
let dataDir = '';
let distDir = '';
let server: Started | undefined;

/** The web app the shared e2e server serves (built from the same sources the copy was taken from). */
const sharedDist = () =>
  process.env.WEB_DIST ? path.resolve(PROJECT_ROOT, 'e2e', process.env.WEB_DIST) : path.join(PROJECT_ROOT, 'web/dist');

/** The copy's server from source, with the generator allowed to write into the copy. */
async function startServer(webDist: string) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    NODE_ENV: 'development',
    GEN_WRITE_ENABLED: 'true',
    GEN_PROJECT_ROOT: copy,
    DEMO_SMS_CODE: '123456',
    SMS_RATE_LIMIT: 'off',
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
  };
  for (const k of ['DATABASE_URL', 'REDIS_URL', 'TEST_DB', 'E2E_PORT']) delete env[k];
  server = startNode(['--import', 'tsx', 'server/src/main.ts'], {
    cwd: copy,
    env,
    log: path.join(dataDir, 'server.log'),
  });
  await waitForHttp(server, `${BASE}/tmpl/api/health`, 90_000);
}

/** A production build of the copy's web app (Vite's; a few seconds here) into its own temporary folder. */
async function buildWeb(outDir: string) {
  await runNode([path.join(copy, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: path.join(copy, 'web'),
    env: { ...process.env, NODE_ENV: 'production' },
    log: path.join(dataDir, 'build.log'),
    timeoutMs: 150_000,
  });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await assertPortFree(PORT);
  copy = copyProject({ prefix: 'jz-genlive-' });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'jz-genlive-data-'));
  distDir = mkdtempSync(path.join(os.tmpdir(), 'jz-genlive-dist-'));
  // The fixture table, in the copy server's database before its first start (the server migrates and seeds around it).
  const db = new Database(path.join(dataDir, 'jiazheng.db'));
  db.exec(`create table ${TABLE} (
    id integer primary key autoincrement,
    item_name varchar(50) not null,
    price real,
    remark varchar(500),
    status integer not null default 0,
    created_at text not null,
    updated_at text not null
  )`);
  db.close();
  // Before generating, the copy's web app is the checkout's: reuse the shared server's build when there is one.
  let web = sharedDist();
  if (!existsSync(path.join(web, 'index.html'))) {
    await buildWeb(distDir);
    web = distDir;
  }
  await startServer(web);
});

test.afterAll(async () => {
  await stopAll();
  for (const d of [copy, dataDir, distDir]) if (d) rmSync(d, { recursive: true, force: true });
});

/** The fixture table's rows, read from the copy server's database. */
function rows() {
  const db = new Database(path.join(dataDir, 'jiazheng.db'), { readonly: true });
  try {
    return db.prepare(`select item_name, price, remark, status from ${TABLE} order by id`).all();
  } finally {
    db.close();
  }
}

const confirm = (page: Page) => page.getByRole('dialog').getByRole('button', { name: /确\s*定/ });

test('after 生成代码 in development the new page is in the menu and adds, lists, edits and deletes records', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const started = Date.now();

  await test.step('import the table and generate its code through the UI', async () => {
    await signIn(page, DEMO.admin);
    await openMenuPage(page, '系统管理', '代码生成', /#\/sys\/gen/);
    await page.getByRole('button', { name: /导\s*入$/ }).click();
    const dialog = page.getByRole('dialog', { name: '导入表' });
    const tableRow = dialog.getByRole('row', { name: new RegExp(TABLE) });
    await tableRow.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: /导入选中的表/ }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(TABLE) });

    // The menu name and two column labels, as the admin would set them.
    await row.getByRole('button', { name: '编辑' }).click();
    const edit = page.getByRole('dialog', { name: /编辑生成配置/ });
    await edit.getByLabel('功能名（菜单名）').fill(TITLE);
    await edit.getByRole('tab', { name: '字段信息' }).click();
    await edit.getByLabel('item_name 字段描述').fill('物品名称');
    await edit.getByLabel('price 字段描述').fill('价格');
    await edit.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(edit).toBeHidden();

    // Generating is enabled on this server: 生成代码 asks, then writes the slice into the copy.
    await expect(row.getByRole('button', { name: '生成代码' })).toBeEnabled();
    await row.getByRole('button', { name: '生成代码' }).click();
    await expect(page.getByText(`确认要将「${TITLE}」的代码生成到项目源码目录吗？`)).toBeVisible();
    await confirm(page).click();
    await expect(page.getByText('已生成 13 个文件，重启服务后生效')).toBeVisible();
    await shot(page, 'gen-live-generated');
  });

  const webDir = `web/src/features/system/${KEBAB}`;
  expect(existsSync(path.join(copy, webDir, 'pages.ts'))).toBe(true);
  expect(readFileSync(path.join(copy, `packages/contracts/src/menus/gen-${KEBAB}.ts`), 'utf8')).toContain(TITLE);
  expect(existsSync(path.join(copy, `server/src/modules/system/${KEBAB}/${KEBAB}.module.ts`))).toBe(true);
  // Never into the checkout.
  expect(existsSync(path.join(PROJECT_ROOT, webDir))).toBe(false);
  expect(existsSync(path.join(PROJECT_ROOT, `packages/contracts/src/menus/gen-${KEBAB}.ts`))).toBe(false);

  await test.step('rebuild the copy’s web app and restart its server', async () => {
    await stop(server!.child);
    const t0 = Date.now();
    await buildWeb(distDir);
    const t1 = Date.now();
    await startServer(distDir);
    const restart = `web build ${t1 - t0} ms, server start ${Date.now() - t1} ms`;
    test.info().annotations.push({ type: 'gen-live restart', description: restart });
    console.log(`gen-live: ${restart}`);
  });

  await test.step('sign in again: the new page is in the sidebar', async () => {
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    // A goto that changes only the hash would keep the old bundle (without the new page): load the new build.
    await page.goto('about:blank');
    await signIn(page, DEMO.admin);
    await openMenuPage(page, '系统管理', TITLE, new RegExp(`#/gen/${KEBAB}`));
    await expect(page.locator('.ant-empty-description', { hasText: '暂无数据' })).toBeVisible();
    await shot(page, 'gen-live-page');
  });

  await test.step('add a record and see it in the list', async () => {
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const form = page.getByRole('dialog', { name: `新增${TITLE}` });
    await form.getByLabel('物品名称').fill('擦窗机器人');
    await form.getByLabel('价格').fill('199.5');
    await form.getByLabel('备注').fill('由代码生成的页面新增');
    await shot(page, 'gen-live-add');
    await form.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(form).toBeHidden();
    const row = page.getByRole('row', { name: /擦窗机器人/ });
    await expect(row).toBeVisible();
    await expect(row).toContainText('199.5');
    await expect(row.getByRole('switch')).toBeChecked(); // status 0: 正常
    // In the live table the server's migration adopted (the table existed before generating).
    expect(rows()).toEqual([{ item_name: '擦窗机器人', price: 199.5, remark: '由代码生成的页面新增', status: 0 }]);
  });

  await test.step('search the list by name', async () => {
    const name = page.getByRole('textbox', { name: '物品名称' });
    await name.fill('不存在的物品');
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    await expect(page.getByText('没有符合条件的数据')).toBeVisible();
    await name.fill('擦窗');
    await page.getByRole('button', { name: /搜\s*索/ }).click();
    await expect(page.getByRole('row', { name: /擦窗机器人/ })).toBeVisible();
    await page.getByRole('button', { name: /重\s*置/ }).click();
    await expect(name).toHaveValue('');
  });

  await test.step('edit it', async () => {
    await page
      .getByRole('row', { name: /擦窗机器人/ })
      .getByRole('button', { name: '编辑' })
      .click();
    const form = page.getByRole('dialog', { name: `编辑${TITLE}` });
    await expect(form.getByLabel('物品名称')).toHaveValue('擦窗机器人');
    await form.getByLabel('物品名称').fill('扫地机器人');
    await form.getByLabel('价格').fill('299');
    await form.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(form).toBeHidden();
    const row = page.getByRole('row', { name: /扫地机器人/ });
    await expect(row).toContainText('299');
    await expect(page.getByRole('row', { name: /擦窗机器人/ })).toHaveCount(0);
    expect(rows()).toMatchObject([{ item_name: '扫地机器人', price: 299 }]);
    await shot(page, 'gen-live-edited');
  });

  await test.step('delete it, confirmed', async () => {
    await page
      .getByRole('row', { name: /扫地机器人/ })
      .getByRole('button', { name: '删除' })
      .click();
    await expect(page.getByRole('dialog').getByText('确认要删除吗?')).toBeVisible();
    await confirm(page).click();
    await expect(page.getByRole('row', { name: /扫地机器人/ })).toHaveCount(0);
    await expect(page.locator('.ant-empty-description', { hasText: '暂无数据' })).toBeVisible();
    expect(rows()).toEqual([]);
  });

  const took = `${Date.now() - started} ms`;
  test.info().annotations.push({ type: 'gen-live duration', description: took });
  console.log(`gen-live: test body ${took}`);
});
