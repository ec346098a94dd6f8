import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { api, customerToken, goodsOfShop, ok, placeAndPay } from '../support/customer.ts';
import { DEMO, shot, signIn } from '../support/session.ts';

/**
 * 派单看板 (issue 23) in Chromium against the real server: the demo seed gives 运城洁家家政（总店） a week of jobs and a
 * few paid orders still waiting. The owner sees today's day view and the week, then assigns a waiting order a customer
 * has just paid for tomorrow (or the first day after with a free place: paying took a place, so someone can take it)
 * from its suggestion list; the order leaves 待派单 and shows as a block on the chosen employee's row. On the
 * way, today's 派工单 (day sheets): the whole day and one employee's, and on paper (print media) the sheets alone.
 * Screenshots for the docs go to docs/images/.
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
  await signIn(page, DEMO.ownerA);
  await page.goto('/#/paidankanban');
  const day = page.getByTestId('day-board');
  await expect(day).toBeVisible();
  await expect(day.locator('[data-testid^="block-"]').first()).toBeVisible();
  await expect(page.getByTestId('stream-state')).toContainText('实时更新');
  // the sign-in's toasts gone, so the picture is the page's
  await expect(page.locator('.ant-message-notice, .ant-notification-notice')).toHaveCount(0);
  await page.screenshot({ path: '../docs/images/dispatch-day.png', fullPage: true, animations: 'disabled' });
  expect(await serious(page)).toEqual([]);

  await page.getByText('周', { exact: true }).click();
  const week = page.getByTestId('week-board');
  await expect(week).toBeVisible();
  await expect(week.locator('[data-testid^="chip-"]').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /后一周/ })).toBeVisible();
  await page.screenshot({ path: '../docs/images/dispatch-week.png', fullPage: true, animations: 'disabled' });
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
  await card.getByRole('button', { name: /派\s*单/ }).click();
  const list = card.getByTestId(/^suggest-/);
  const first = list.getByRole('button', { name: /^指派给 / }).first();
  await expect(first).toBeVisible();
  const who = ((await first.getAttribute('aria-label')) ?? '').replace('指派给 ', '');
  expect(who, 'the suggested employee').not.toBe('');
  const orderNo = paid.orderNo;
  const pick = card.getByRole('button', { name: `指派给 ${who}` });
  await page.screenshot({ path: 'screenshots/dispatch-suggest.png', fullPage: true });

  // Dragged onto the row of someone who cannot take it (busy, on leave, unskilled): refused, the reason on the card.
  const excluded = card.locator(
    '[data-code="conflict"], [data-code="leave"], [data-code="skill"], [data-code="off_duty"]',
  );
  if ((await excluded.count()) > 0) {
    const id = ((await excluded.first().getAttribute('data-testid')) ?? '').replace('excluded-', '');
    await card.dragTo(page.getByTestId(`row-${id}`).locator('.jz-dispatch-track'));
    const refusal = card.getByTestId('refusal');
    await expect(refusal).toContainText('派单未成功');
    console.log(`drag refused in place: ${await refusal.textContent()}`);
    await page.screenshot({ path: 'screenshots/dispatch-refusal.png', fullPage: true });
  }
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
