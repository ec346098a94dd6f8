import { expect, type FileChooser, type Page, test } from '@playwright/test';
import { clientFor } from '../support/api.ts';
import { DEMO, signIn } from '../support/session.ts';

/**
 * A main merchant form by keyboard alone. 新增员工 is filled with Tab and typing and saved with Enter; every
 * control is reached on the way (the picture uploads and the tag input too) and shows its focus (an outline or a
 * box-shadow). Merchant B adds the employee: merchant A's employee counts are asserted by other specs that share the
 * server.
 */

/** A checksum-valid mainland ID number (GB 11643). */
function idCard(body17: string) {
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = w.reduce((a, x, i) => a + x * Number(body17[i]), 0);
  return body17 + '10X98765432'[sum % 11];
}

interface FocusStop {
  name: string;
  tag: string;
  ring: boolean;
}

/**
 * The focused control and whether its focus is visible: an outline or a box-shadow on the element itself, on the
 * antd wrapper that draws its frame (select, picker, affix input, number input), or on the box antd draws next to a
 * visually hidden radio/checkbox input.
 */
function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: '(body)', tag: 'BODY', ring: false };
    const frame = el.closest(
      '.ant-select, .ant-picker, .ant-input-affix-wrapper, .ant-input-number, .ant-input-number-affix-wrapper, .ant-input-outlined',
    );
    const shows = (c: Element | null) => {
      if (!c) return false;
      const s = getComputedStyle(c);
      const outline = s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0;
      return outline || (s.boxShadow !== '' && s.boxShadow !== 'none');
    };
    // Named as a screen reader would: aria-label, a label pointing at it, the label wrapping it (radios), its text.
    const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
    const wrapping = el.closest('label')?.textContent;
    return {
      name: (el.getAttribute('aria-label') ?? label ?? wrapping ?? el.textContent ?? '').trim() || el.id,
      tag: el.tagName,
      ring: shows(el) || shows(frame) || shows(el.nextElementSibling),
    };
  });
}

const isFocused = (page: Page, selector: string) =>
  page.evaluate((sel) => document.activeElement?.matches(sel) ?? false, selector);

test('新增员工 filled and saved with the keyboard alone, the focus visible on every control', async ({ page }) => {
  test.setTimeout(120_000);
  // Listen for file choosers from the start: Playwright turns Chromium's chooser interception on asynchronously when
  // the first listener is added, so a listener added just before Enter can lose the race and the chooser is dropped
  // (seen once in three full runs; the same race is documented for Puppeteer's waitForFileChooser).
  const choosers: FileChooser[] = [];
  const api = await clientFor(page.request, DEMO.ownerB);
  await removeKeyboardEmployees(api);
  page.on('filechooser', (c) => choosers.push(c));
  await signIn(page, DEMO.ownerB);
  await page.goto('/#/xinzengyuangong');
  const form = page.locator('form#employeeForm');
  await expect(form.getByLabel('姓名')).toBeVisible();

  // From the top of the page, Tab to the first field.
  await page.locator('body').focus();
  for (let i = 0; i < 60 && !(await isFocused(page, '#employeeForm_name')); i++) await page.keyboard.press('Tab');
  await expect(form.getByLabel('姓名')).toBeFocused();

  const stops: FocusStop[] = [];
  const name = `键盘员工${Date.now() % 10_000}`;
  const phone = `137${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  // Unique per attempt: a retry must not collide with the ID number an interrupted attempt saved.
  const id = idCard(`14080219920315${String(Date.now() % 100).padStart(2, '0')}1`); // odd 17th digit: 男 after blur
  const typed: Record<string, string> = {
    employeeForm_name: name,
    employeeForm_phone: phone,
    employeeForm_idCardNo: id,
    employeeForm_intro: '键盘录入的员工简介',
  };

  // Walk the form: type into the text fields on the way, note every stop, until 保存 has the focus.
  const save = form.getByRole('button', { name: /保\s*存/ });
  for (let i = 0; i < 60; i++) {
    // antd animates the focus shadow in: let it settle before reading the computed style.
    await page.waitForTimeout(250);
    stops.push(await focusStop(page));
    if (await save.evaluate((el) => el === document.activeElement)) break;
    const fieldId = await page.evaluate(() => document.activeElement?.id ?? '');
    if (typed[fieldId]) await page.keyboard.type(typed[fieldId]);
    const here = stops[stops.length - 1]?.name;
    if (here === '上传头像') {
      // Enter opens the file dialog (the test only sees that it opens).
      const before = choosers.length;
      await page.keyboard.press('Enter');
      await expect.poll(() => choosers.length, { timeout: 10_000 }).toBeGreaterThan(before);
    }
    if (here === '添加技能') {
      // Enter opens the tag input; Tab leaves it and keeps the typed skill.
      await page.keyboard.press('Enter');
      await expect(form.getByLabel('如：日常保洁')).toBeFocused();
      await page.keyboard.type('育婴护理');
    }
    await page.keyboard.press('Tab');
  }
  await expect(save).toBeFocused();
  console.log(`focus stops: ${stops.map((s) => `${s.name}${s.ring ? '' : ' (NO RING)'}`).join(' → ')}`);
  expect(stops.filter((s) => !s.ring)).toEqual([]);
  // Every kind of control is on the way: text, date, cascader, number, select, picture uploads, tags, tree, button.
  const names = stops.map((s) => s.name);
  for (const control of [
    '姓名',
    '出生日期',
    '籍贯',
    '工作年限',
    '所属店铺',
    '上传头像',
    '人像面',
    '国徽面',
    '添加技能',
    '服务类目',
    '添加证书',
    '个人简介',
  ])
    expect(names, `${control} reached by Tab`).toContain(control);

  // The gender radios are one stop, named by their labels (the focus lands on the one checked when it arrives).
  expect(
    names.some((n) => n === '男' || n === '女'),
    '性别 reached by Tab',
  ).toBe(true);
  // The ID number filled in the birth date on the way (blur), the skill is a tag, and Enter on 保存 submits.
  await expect(form.getByLabel('出生日期')).toHaveValue('1992-03-15');
  await expect(form.locator('.jz-tag-input').getByText('育婴护理')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/gongsiyuangong$/);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
  await removeKeyboardEmployees(api);
});

/** Merchant B's employees added by this spec (by name prefix), removed before and after so reruns start clean. */
async function removeKeyboardEmployees(api: Awaited<ReturnType<typeof clientFor>>) {
  const found = await api.get('app/jiazheng/yuangong/weapp/findAllByPage', {
    shopId: 'all',
    name: '键盘员工',
    pageSize: 50,
  });
  const ids = ((found.result?.records ?? []) as { id: number }[]).map((e) => e.id);
  if (ids.length) expect((await api.del(`app/jiazheng/yuangong/delByIds/${ids.join(',')}`)).code).toBe(200);
}
