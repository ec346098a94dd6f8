import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { clientFor, tokenFor, useMainShop } from '../support/api.ts';
import { DEMO, shot, signIn } from '../support/session.ts';
import { docImage } from '../support/doc-image.ts';

/**
 * 员工批量导入 (docs/import.md) in the browser: a file with a bad row answers the report (row, column,
 * value, problem) and 确认导入 stays disabled; the fixed file imports every row. The report is the docs' screenshot.
 */

/** A checksum-valid mainland ID number (GB 11643). */
function idCard(body17: string) {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = w.reduce((a, x, i) => a + x * Number(body17[i]), 0);
  return body17 + '10X98765432'[sum % 11];
}

const PREFIX = '1391234';
/** One person's values by column (the template's headers without the required mark *). */
const person = (i: number, phone = `${PREFIX}${String(i).padStart(4, '0')}`): Record<string, string> => ({
  姓名: `导入测试${i}`,
  手机号: phone,
  性别: i % 2 ? '女' : '男',
  身份证号: idCard(`14080219860101${String(100 + i).padStart(3, '0')}`),
  籍贯: '山西运城',
  从业年限: String(i % 10),
  技能: '日常保洁、收纳整理',
  服务类目: '日常保洁',
});

/** The header row of the template the server hands out: the one definition the import reads. */
async function templateHead(request: APIRequestContext) {
  const token = await tokenFor(request, DEMO.ownerA);
  const res = await request.post('/tmpl/api/app/jiazheng/yuangong/import/template', {
    headers: { client: 'jiazheng-merchant-pc', authorization: `Bearer ${token}` },
  });
  expect(res.ok()).toBe(true);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await res.body()) as unknown as ArrayBuffer);
  const head = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1).map(String);
  expect(head).toContain('姓名*');
  return head;
}

async function file(head: string[], people: Record<string, string>[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('员工');
  ws.addRow(head);
  for (const p of people) ws.addRow(head.map((h) => p[h.replace(/\*$/, '')] ?? ''));
  return {
    name: '员工导入.xlsx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(await wb.xlsx.writeBuffer()),
  };
}

async function removeImported(page: Page) {
  const api = await clientFor(page.request, DEMO.ownerA);
  const left = await api.get('app/jiazheng/yuangong/weapp/findAllByPage', {
    shopId: 'all',
    phone: PREFIX,
    pageSize: 100,
  });
  const ids = ((left.result?.records ?? []) as { id: number }[]).map((e) => e.id);
  if (ids.length) expect((await api.del(`app/jiazheng/yuangong/delByIds/${ids.join(',')}`)).code).toBe(200);
}

test('the owner imports employees: a bad row is reported and blocks the import, the fixed file imports all', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await useMainShop(page.request, DEMO.ownerA);
  await removeImported(page); // a retry starts clean
  const head = await templateHead(page.request);
  await signIn(page, DEMO.ownerA);
  await page.getByRole('menu').getByText('公司员工', { exact: true }).click();
  await expect(page).toHaveURL(/#\/gongsiyuangong$/);

  await page.getByRole('button', { name: /批量导入/ }).click();
  const dialog = page.getByRole('dialog', { name: '批量导入员工' });
  await expect(dialog.getByRole('button', { name: /下载模板/ })).toBeVisible();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /下载模板/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^员工导入模板_\d{14}\.xlsx$/);

  // 20 employees, row 6 (the fifth) with a bad phone and row 9 with a repeated one.
  const rows = Array.from({ length: 20 }, (_, i) => person(i + 1));
  rows[4] = person(5, '1234');
  rows[7] = person(8, `${PREFIX}0001`);
  await dialog.locator('input[type=file]').setInputFiles(await file(head, rows));
  await expect(dialog.getByText('共 20 行，发现 2 处问题', { exact: false })).toBeVisible();
  const report = dialog.getByRole('table');
  await expect(report.getByRole('row', { name: /^6 手机号 1234 请输入正确的 11 位手机号/ })).toBeVisible();
  await expect(report.getByRole('row', { name: /^9 手机号 13912340001 与第 2 行的手机号重复/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /确认导入/ })).toBeDisabled();
  await dialog.screenshot({ path: docImage('import-report.png') });
  await shot(page, 'import-report');

  const errors = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /下载错误说明/ }).click();
  expect((await errors).suggestedFilename()).toMatch(/错误说明_\d{14}\.xlsx$/);

  // Nothing was written.
  const api = await clientFor(page.request, DEMO.ownerA);
  const none = await api.get('app/jiazheng/yuangong/weapp/findAllByPage', { shopId: 'all', phone: PREFIX });
  expect(none.result.total).toBe(0);

  // The fixed file.
  await dialog.getByRole('button', { name: /重新上传/ }).click();
  await dialog.locator('input[type=file]').setInputFiles(
    await file(
      head,
      Array.from({ length: 20 }, (_, i) => person(i + 1)),
    ),
  );
  await expect(dialog.getByText('共 20 行，全部校验通过', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: /确认导入/ }).click();
  await expect(dialog.getByText('成功导入 20 名员工')).toBeVisible();
  await shot(page, 'import-done');
  await dialog.getByRole('button', { name: /完\s*成/ }).click();
  await expect(dialog).toBeHidden();

  await page.locator('#search_phone').fill(PREFIX);
  await page.locator('#search_phone').press('Enter');
  await expect(page.getByText('共 20 条')).toBeVisible();
  await removeImported(page);
});
