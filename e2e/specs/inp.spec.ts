import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { tokenFor } from '../support/api.ts';
import { api, bookable, customerToken, goodsOfShop, ok, specChoice } from '../support/customer.ts';
import { DEMO, signIn } from '../support/session.ts';

/**
 * Interaction to Next Paint (docs/performance.md): switching pages of a 50-row table and filtering it respond within 200 ms,
 * measured in Chromium by web-vitals (INP with reportAllChanges) on 订单管理 of demo merchant B, with enough orders
 * for three pages of 50. web-vitals goes in through addInitScript: the app's CSP forbids inline scripts.
 */
const INP_BUDGET_MS = 200;
const ROWS = 50;
const ORDERS = 2 * ROWS + 10;

// The IIFE build is not in the package's exports: find the package folder through its main entry.
const webVitalsDir = path.resolve(path.dirname(createRequire(import.meta.url).resolve('web-vitals')), '..');
const webVitals = readFileSync(path.join(webVitalsDir, 'dist/web-vitals.attribution.iife.js'), 'utf8');

interface InpReport {
  value: number;
  target: string;
  type: string;
  inputDelay: number;
  processing: number;
  presentation: number;
}
declare global {
  interface Window {
    webVitals?: { onINP: unknown };
    __inp: InpReport[];
    __events: number[];
  }
}

/** Gives merchant B's main shop enough orders (unpaid, placed through the customer API) for three pages of 50. */
async function fillOrders(request: APIRequestContext) {
  const token = await tokenFor(request, DEMO.ownerB);
  const init = await ok<{ curDianpu: { name: string } }>(
    await request.get('/tmpl/api/app/jiazheng/page/initPc', {
      headers: { client: 'jiazheng-merchant-pc', authorization: `Bearer ${token}` },
    }),
  );
  const goods = await goodsOfShop(request, init.curDianpu.name);
  const headers = await customerToken(request, '13700008888');
  // Unpaid orders hold no place (docs/dispatch.md): every one can book the first free start.
  const when = await bookable(request, goods);
  for (let i = 0; i < ORDERS; i++)
    await ok(
      await request.post(`${api}/customer/order/add`, {
        headers,
        form: {
          goodsId: goods.id,
          ...specChoice(goods),
          customerName: '钱先生',
          customerPhone: '13700008888',
          address: '山西省运城市盐湖区测试大道 88 号 2-1-201',
          ...when,
          remark: `INP 测试订单 ${i + 1}`,
        },
      }),
    );
}

const rows = (page: Page) => page.locator('.jz-table .ant-table-tbody tr.ant-table-row');
/** The order number in the first row: it changes when another page or filter has been drawn. */
const orderNo = async (page: Page, row: number) =>
  /[A-Z0-9]{8,}/.exec((await rows(page).nth(row).locator('td').first().textContent()) ?? '')?.[0] ?? '';
const firstOrderNo = (page: Page) => orderNo(page, 0);

test('switching pages of a 50-row order table and filtering it: INP measured against 200 ms', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await fillOrders(request);
  await page.addInitScript({
    // The init script may run wrapped in a function: the IIFE's `var webVitals` is then local, so publish it.
    content: `${webVitals};
      window.webVitals = webVitals;
      window.__inp = [];
      window.webVitals.onINP((m) => {
        const a = m.attribution;
        window.__inp.push({ value: m.value, target: a.interactionTarget, type: a.interactionType,
          inputDelay: a.inputDelay, processing: a.processingDuration, presentation: a.presentationDelay });
      }, { reportAllChanges: true, durationThreshold: 16 });
      // Every interaction's own latency too (INP is only the worst), to tell the steps apart.
      window.__events = [];
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) if (e.interactionId) window.__events.push(e.duration);
      }).observe({ type: 'event', durationThreshold: 16, buffered: true });`,
  });
  await signIn(page, DEMO.ownerB);
  await page.goto('/#/dingdanguanli');
  // A fresh document: INP then covers the table interactions only, not the sign-in.
  await page.reload();
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
  expect(await page.evaluate(() => typeof window.webVitals?.onINP)).toBe('function');

  const steps: { step: string; rowsMs: number; latency: number }[] = [];
  /** One interaction; done when the table has drawn its result: another first row, or `count` rows when given. */
  const step = async (name: string, act: () => Promise<void>, count?: number, sameFirstRow = false) => {
    const before = await firstOrderNo(page);
    const seen = await page.evaluate(() => window.__events.length);
    const t0 = Date.now();
    await act();
    if (!sameFirstRow) await expect.poll(() => firstOrderNo(page), { timeout: 30_000 }).not.toBe(before);
    if (count) await expect(rows(page)).toHaveCount(count, { timeout: 30_000 });
    await expect(page.locator('.jz-table .ant-spin-spinning')).toHaveCount(0, { timeout: 30_000 });
    const latency = await page.evaluate((n) => Math.max(0, ...window.__events.slice(n)), seen);
    steps.push({ step: name, rowsMs: Date.now() - t0, latency });
  };

  // 50 rows a page
  await step(
    '每页 50 条',
    async () => {
      await page.getByRole('combobox', { name: '每页条数' }).click();
      await page.getByTitle('50 条/页').click();
    },
    ROWS,
    true,
  );
  const pager = page.locator('.jz-table .ant-pagination');
  await step('第 2 页', () => pager.getByTitle('2', { exact: true }).click(), ROWS);
  await step('第 3 页', () => pager.getByTitle('3', { exact: true }).click());
  await step('下一页 → 上一页', () => pager.getByTitle('上一页').click(), ROWS);
  await step('第 1 页', () => pager.getByTitle('1', { exact: true }).click(), ROWS);
  // filters: a status tab, then the search form
  // a status other than 待付款 (the newest orders, the ones placed above, are all unpaid) that has orders
  let status = '';
  for (const s of ['20', '30', '40', '50', '60', '70'])
    if (!status && /[1-9]/.test((await page.getByTestId(`order-tab-${s}`).textContent()) ?? '')) status = s;
  expect(status, 'a status tab with orders').not.toBe('');
  await step('状态筛选', () => page.getByTestId(`order-tab-${status}`).click());
  await step('状态：全部', () => page.getByTestId('order-tab-all').click(), ROWS);
  const wanted = await orderNo(page, 4);
  expect(wanted).not.toBe('');
  await step(
    '搜索：订单号',
    async () => {
      await page.getByPlaceholder('请输入订单号').fill(wanted);
      await page.getByRole('button', { name: /搜\s*索/ }).click();
    },
    1,
  );
  await step('重置', () => page.getByRole('button', { name: /重\s*置/ }).click(), ROWS);

  // web-vitals reports INP when the page is hidden; reportAllChanges has given every new worst one already.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const reports = await page.evaluate(() => window.__inp);
  const inp = reports.at(-1);
  console.log(
    `table steps (slowest event of the step / click → new rows drawn): ${steps
      .map((s) => `${s.step} ${Math.round(s.latency)}/${s.rowsMs} ms`)
      .join(', ')}`,
  );
  console.log(
    inp
      ? `INP ${Math.round(inp.value)} ms (budget ${INP_BUDGET_MS} ms): ${inp.type} on ${inp.target}; input delay ` +
          `${Math.round(inp.inputDelay)} ms, processing ${Math.round(inp.processing)} ms, presentation ` +
          `${Math.round(inp.presentation)} ms; ${reports.length} report(s)`
      : 'INP: no interaction took 16 ms or more',
  );
  // A figure, not a gate: timings on a shared CI machine vary several-fold (docs/performance-browser.md); the run
  // records it, and the steps above prove the table was driven through every interaction.
  const value = Math.round(inp?.value ?? 0);
  test.info().annotations.push({
    type: 'INP',
    description: `${value} ms (target ${INP_BUDGET_MS} ms: ${value <= INP_BUDGET_MS ? 'met' : `missed by ${value - INP_BUDGET_MS} ms`})`,
  });
  expect(steps.length).toBeGreaterThanOrEqual(4);
});
