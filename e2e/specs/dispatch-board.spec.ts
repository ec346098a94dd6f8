import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { clientFor } from '../support/api.ts';
import { api, customerToken, goodsOfShop, ok, placeAndPay } from '../support/customer.ts';
import { DEMO, shot, signIn } from '../support/session.ts';
import { docImage } from '../support/doc-image.ts';

/**
 * 派单看板 (docs/dispatch.md) in Chromium against the real server: the demo seed gives 运城洁家家政（总店） a week of jobs and a
 * few paid orders still waiting. The owner sees today's day view and the week, then assigns a waiting order a customer
 * has just paid for tomorrow (or the first day after with a free place: paying took a place, so someone can take it)
 * from its suggestion list; the order leaves 待派单 and shows as a block on the chosen employee's row. On the
 * way, today's 派工单 (day sheets): the whole day and one employee's, and on paper (print media) the sheets alone.
 * Screenshots for the docs go to docs/images/ with DOC_IMAGES=1 (support/doc-image.ts).
 */
/** WCAG 2 A/AA serious or critical violations on the page (as a11y.spec.ts checks the spec's routes). */
async function serious(page: Page) {
  const r = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.html.slice(0, 120))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

/** The open dialog's zoom has ended (a screenshot mid-animation shows the board through it). */
const dialogSettled = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || !(a.effect as KeyframeEffect | null)?.target?.closest('.ant-modal-root'),
      ),
  );

/** The leave the test gives an employee; taken back after it, passed or not (other specs book that day too). */
let leaveId: number | null = null;
test.afterEach(async ({ request }) => {
  if (leaveId === null) return;
  const r = await (await clientFor(request, DEMO.ownerA)).del(`app/jiazheng/paidan/leave/del/${leaveId}`);
  expect(r.code, JSON.stringify(r)).toBe(200);
  leaveId = null;
});

test('the board shows the day and the week, and an order is assigned from its suggestion list', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const headers = await customerToken(request, '13700006601');
  const paid = await placeAndPay(request, headers, await goodsOfShop(request, '运城洁家家政（总店）'), 1);
  const placed = await ok<{ appointmentAt: string; status: number }>(
    await request.get(`${api}/customer/order/findById/${paid.id}`, { headers }),
  );
  expect(placed.status, 'the shop waits for the dispatcher (no 自动接单)').toBe(20);
  // Shanghai calendar days from today to the appointment's day
  const dayNo = (ms: number) => Math.floor((ms + 8 * 3_600_000) / 86_400_000);
  const daysAhead = dayNo(Date.parse(placed.appointmentAt)) - dayNo(Date.now());
  // The employee first suggested for the order goes on leave over its time: the board then always has an excluded
  // employee to drag the order onto (taken back below, so that someone can take it).
  const owner = await clientFor(request, DEMO.ownerA);
  const before = await owner.get('app/jiazheng/paidan/suggest', { orderId: paid.id });
  expect(before.code, JSON.stringify(before)).toBe(200);
  const away = (before.result.suggestions as { employeeId: number; name: string }[])[0];
  expect(away, 'an employee free for the order').toBeDefined();
  const leave = await owner.post('app/jiazheng/paidan/leave/add', {
    employeeId: away.employeeId,
    from: before.result.from,
    to: before.result.to,
    reason: 'E2E 派单看板',
  });
  expect(leave.code, JSON.stringify(leave)).toBe(200);
  leaveId = leave.result.id;
  await signIn(page, DEMO.ownerA);
  await page.goto('/#/paidankanban');
  const day = page.getByTestId('day-board');
  await expect(day).toBeVisible();
  await expect(day.locator('[data-testid^="block-"]').first()).toBeVisible();
  await expect(page.getByTestId('stream-state')).toContainText('实时更新');
  // the sign-in's toasts gone, so the picture is the page's
  await expect(page.locator('.ant-message-notice, .ant-notification-notice')).toHaveCount(0);
  await page.screenshot({ path: docImage('dispatch-day.png'), fullPage: true, animations: 'disabled' });
  expect(await serious(page)).toEqual([]);

  await page.getByText('周', { exact: true }).click();
  const week = page.getByTestId('week-board');
  await expect(week).toBeVisible();
  await expect(week.locator('[data-testid^="chip-"]').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /后一周/ })).toBeVisible();
  await page.screenshot({ path: docImage('dispatch-week.png'), fullPage: true, animations: 'disabled' });
  expect(await serious(page)).toEqual([]);

  // 派工单: today's sheets of everyone with jobs, then on paper — the console gone, the sheets alone, one page each.
  await page.getByText('日', { exact: true }).click();
  await expect(day).toBeVisible();
  await page.getByTestId('daysheet-open-all').click();
  const sheetDialog = page.getByRole('dialog');
  await expect(sheetDialog).toContainText('派工单 · ');
  const pages = sheetDialog.locator('.jz-daysheet-page');
  await expect(pages.first()).toBeVisible();
  const sheets = await pages.count();
  expect(sheets).toBeGreaterThan(0);
  // every job row: a time, a masked phone
  const firstJob = pages.first().locator('tbody tr').first();
  await expect(firstJob.locator('.jz-daysheet-time')).toHaveText(/\d{2}:\d{2}–/);
  await expect(firstJob.locator('.jz-daysheet-phone')).toHaveText(/^\d{3}\*{4}\d{4}$/);
  await dialogSettled(page);
  await shot(page, 'daysheet-day');
  await page.emulateMedia({ media: 'print' });
  for (const chrome of ['.jz-sider', '.jz-header-wrap', '[data-testid="day-board"]', '[data-testid="unassigned"]'])
    await expect(page.locator(chrome).first(), chrome).toBeHidden();
  await expect(sheetDialog.getByRole('button', { name: /打\s*印/ })).toBeHidden();
  await expect(pages.first()).toBeVisible();
  expect(await pages.first().evaluate((el) => getComputedStyle(el).breakAfter)).toBe(sheets > 1 ? 'page' : 'auto');
  // As wide as A4's printable width (210 mm less the 12 mm margins, at 96 dpi), so the picture is the paper's.
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 703, height: 1000 });
  await shot(page, 'daysheet-print');
  if (viewport) await page.setViewportSize(viewport);
  // The PDF Chromium prints: at least one A4 page per employee.
  const pdf = await page.pdf({ path: 'screenshots/daysheet.pdf', format: 'A4', preferCSSPageSize: true });
  const pdfPages = pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;
  console.log(`派工单: ${sheets} employees, ${pdfPages} A4 pages`);
  expect(pdfPages).toBeGreaterThanOrEqual(sheets);
  await page.emulateMedia({ media: 'screen' });
  await sheetDialog.getByRole('button', { name: /^关\s+闭$/ }).click();
  await expect(sheetDialog).toBeHidden();
  // One employee's sheet from the row of the first job on the board.
  const busyRow = page.locator('.jz-dispatch-row', { has: page.locator('[data-testid^="block-"]') }).first();
  const name = (await busyRow.locator('.jz-dispatch-name strong').textContent()) ?? '';
  await busyRow.getByRole('button', { name: `${name} 的派工单` }).click();
  await expect(sheetDialog).toContainText(`· ${name}`);
  await expect(sheetDialog.locator('.jz-daysheet-page')).toHaveCount(1);
  await expect(sheetDialog.locator('.jz-daysheet-page tbody tr').first()).toBeVisible();
  await dialogSettled(page);
  await shot(page, 'daysheet-employee');
  await sheetDialog.getByRole('button', { name: /^关\s+闭$/ }).click();
  await expect(sheetDialog).toBeHidden();

  // The order's day (tomorrow unless tomorrow is full): someone is free for it, since paying took a place.
  for (let i = 0; i < daysAhead; i++) await page.getByRole('button', { name: /后一天/ }).click();
  const panel = page.getByTestId('unassigned');
  const testId = `unassigned-${paid.orderNo}`;
  const card = panel.getByTestId(testId);
  await expect(card).toBeVisible();
  const suggestButton = card.getByRole('button', { name: /派\s*单|收\s*起/ });
  await suggestButton.click();
  const orderNo = paid.orderNo;

  // The employee on leave is listed as not assignable, and why. Dragged onto their row: refused, the reason on the
  // card, and the order still waits.
  const excluded = card.getByTestId(`excluded-${away.employeeId}`);
  await expect(excluded).toHaveAttribute('data-code', 'leave');
  await expect(excluded).toContainText(`${away.name}：`);
  await expect(excluded).toContainText('休假');
  await expect(card.getByRole('button', { name: `指派给 ${away.name}` })).toHaveCount(0);
  await card.dragTo(page.getByTestId(`row-${away.employeeId}`).locator('.jz-dispatch-track'));
  const refusal = card.getByTestId('refusal');
  await expect(refusal).toContainText('派单未成功');
  await expect(refusal).toContainText(new RegExp(`${away.name} .+ 休假，与本单 .+ 时间冲突`));
  await expect(card).toBeVisible();
  await expect(page.getByTestId(`block-${orderNo}`)).toHaveCount(0);
  await page.screenshot({ path: 'screenshots/dispatch-refusal.png', fullPage: true });

  // The leave taken back, the list (opened again) suggests the employee again.
  const back = await owner.del(`app/jiazheng/paidan/leave/del/${leaveId}`);
  expect(back.code, JSON.stringify(back)).toBe(200);
  leaveId = null;
  await suggestButton.click(); // 收起
  await suggestButton.click(); // 派单
  const list = card.getByTestId(/^suggest-/);
  await expect(list.getByTestId(`suggestion-${away.employeeId}`)).toBeVisible();
  const first = list.getByRole('button', { name: /^指派给 / }).first();
  await expect(first).toBeVisible();
  const who = ((await first.getAttribute('aria-label')) ?? '').replace('指派给 ', '');
  expect(who, 'the suggested employee').not.toBe('');
  const pick = card.getByRole('button', { name: `指派给 ${who}` });
  await page.screenshot({ path: 'screenshots/dispatch-suggest.png', fullPage: true });
  await pick.click();
  await expect(panel.getByTestId(testId)).toBeHidden();
  const block = page.getByTestId(`block-${orderNo}`);
  await expect(block).toBeVisible();
  // on the chosen employee's row
  const row = page.locator('.jz-dispatch-row', { has: block });
  await expect(row).toContainText(who);

  // the block opens the order's drawer
  await block.click();
  await expect(page.getByRole('dialog')).toContainText(`订单详情 · ${orderNo}`);
  await expect(page.getByRole('dialog')).toContainText(who);
});
