import { expect, test } from '@playwright/test';
import { clientFor } from '../support/api.ts';
import { DEMO, shot, signIn } from '../support/session.ts';

test('platform admin manages a dictionary: add, edit, switch status with confirm, values, delete', async ({ page }) => {
  // A retry starts clean: remove the dictionary an interrupted attempt added.
  const api = await clientFor(page.request, DEMO.admin);
  const left = await api.get('app/dict/findAllByPage', { type: 'e2e_time_slot', pageSize: 10 });
  const ids = ((left.result?.records ?? []) as { id: number }[]).map((d) => d.id);
  if (ids.length) expect((await api.del(`app/dict/delByIds/${ids.join(',')}`)).code).toBe(200);
  await signIn(page, DEMO.admin);
  await page.getByRole('menu').getByText('系统管理').click();
  await page.getByRole('menu').getByText('字典管理').click();
  await expect(page).toHaveURL(/#\/sys\/dict/);
  await expect(page.getByText('共 ', { exact: false })).toBeVisible();
  await shot(page, 'dict-list');

  // Add, with validation first.
  // The dialog loads on first open: its own 确定, once it is there.
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const adding = page.getByRole('dialog', { name: '新增字典' });
  await expect(adding).toBeVisible();
  await adding.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(adding.getByText('请输入字典名称')).toBeVisible();
  await page.getByRole('dialog').getByLabel('字典名称').fill('服务时段');
  await page.getByRole('dialog').getByLabel('字典类型').fill('e2e_time_slot');
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText('操作成功').first()).toBeVisible();
  const row = page.getByRole('row', { name: /e2e_time_slot/ });
  await expect(row).toBeVisible();

  // Switch: cancel keeps the value, confirm changes it.
  const sw = row.getByRole('switch');
  await expect(sw).toBeChecked();
  await sw.click();
  await expect(page.getByText('确定更改状态?')).toBeVisible();
  await page.getByRole('button', { name: /取\s*消/ }).click();
  await expect(sw).toBeChecked();
  await sw.click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(sw).not.toBeChecked();

  // Edit.
  await row.getByText('编辑').click();
  await page.getByRole('dialog').getByLabel('字典名称').fill('服务时段（改）');
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByRole('row', { name: /服务时段（改）/ })).toBeVisible();

  // Values of the dictionary.
  await page
    .getByRole('row', { name: /e2e_time_slot/ })
    .getByText('数据')
    .click();
  await expect(page).toHaveURL(/dictType=e2e_time_slot/);
  await expect(page.getByRole('columnheader', { name: '数据标签' })).toBeVisible();
  await page.getByRole('button', { name: /新\s*增/ }).click();
  await page.getByRole('dialog').getByLabel('数据标签').fill('上午');
  await page.getByRole('dialog').getByLabel('数据键值').fill('am');
  await page.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByRole('row', { name: /上午/ })).toBeVisible();
  await shot(page, 'dict-data');

  // Delete the type (asks first).
  await page.goto('/#/sys/dict');
  await page
    .getByRole('row', { name: /e2e_time_slot/ })
    .getByText('删除')
    .click();
  await expect(page.getByText('确认要删除吗?')).toBeVisible();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByRole('row', { name: /e2e_time_slot/ })).toHaveCount(0);
});
