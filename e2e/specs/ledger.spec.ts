import { expect, type Page, test } from '@playwright/test';
import { clientFor } from '../support/api.ts';
import { customerToken, goodsOfShop, placeAndPay } from '../support/customer.ts';
import { DEMO, shot, signIn } from '../support/session.ts';
import { dueNow } from '../support/server-db.ts';

/**
 * The money part, in Chromium against the real server: 收支明细 in time order with 结算解冻 as a 划转 (never
 * +income), its totals; the completion message with the real settlement, told to the colleague and not to the owner who
 * completed the order; 销量 from the orders and a batch action that lists what it skipped and why.
 */

/** "2026-01-08 10:00" cells of the ledger's 时间 column, top to bottom. */
async function times(page: Page) {
  return page.locator('.ant-table-tbody tr.ant-table-row td:first-child').allTextContents();
}

test('收支明细: newest first, 结算解冻 is a 划转, totals add up; the completion message states the settlement', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // An order of the day, completed by the owner through the console's calls.
  const headers = await customerToken(request, '13700009981');
  const order = await placeAndPay(request, headers, await goodsOfShop(request, '运城洁家家政（总店）'));
  const owner = await clientFor(request, DEMO.ownerA);
  const free = await owner.get('app/jiazheng/pay/dingdan/findYuangong', { id: order.id });
  const employee =
    (free.result as { id: number; workState: number }[]).find((e) => e.workState === 1) ?? free.result[0];
  for (const [path, form] of [
    ['setYuangong', { id: order.id, yuangongId: employee.id }],
    ['shangjiaYanquan', { code: order.code }],
    ['queren', { id: order.id }],
  ] as const) {
    if (path === 'queren') dueNow(order.id); // 确认完成 opens two hours before the appointment
    const r = await owner.post(`app/jiazheng/pay/dingdan/${path}`, form);
    expect(r.code, `${path}: ${JSON.stringify(r)}`).toBe(200);
  }
  const settled = await owner.get('app/jiazheng/pay/dingdan/findDakuanByPage', { orderNo: order.orderNo });
  const s = settled.result.records[0] as { amount: number; orderAmount: number; commission: number };
  const yuan = (fen: number) => (fen / 100).toFixed(2);

  await signIn(page, DEMO.ownerA);
  await page.goto('/#/shouzhimingxi');
  await expect(page.getByText('收入合计')).toBeVisible();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  // newest first: the order just completed is on top, as 收入 with a + amount
  await expect(rows.first()).toContainText(order.orderNo);
  await expect(rows.first()).toContainText('订单结算');
  await expect(rows.first()).toContainText(`+¥${yuan(s.amount)}`);
  const shown = await times(page);
  expect(shown).toEqual([...shown].sort().reverse());
  // a 结算解冻 of the demo is a 划转: no + sign, named 冻结转可提现, and 余额 as in the row below it
  const unfreeze = rows.filter({ hasText: '结算解冻' }).first();
  await expect(unfreeze).toContainText('划转');
  await expect(unfreeze).toContainText('冻结转可提现');
  await expect(unfreeze).not.toContainText('+¥');
  await shot(page, 'money-ledger-1600');

  // only the 划转 rows, and the totals follow the filter: no 收入
  await page.locator('#search_direction').click();
  await page.getByTitle('划转', { exact: true }).click();
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  await expect(rows.first()).toContainText('结算解冻');
  const kinds = await page.locator('.ant-table-tbody tr.ant-table-row td:nth-child(3)').allTextContents();
  expect(kinds.length).toBeGreaterThan(0);
  expect(kinds.filter((k) => k !== '结算解冻')).toEqual([]);
  await expect(page.locator('.ant-statistic').filter({ hasText: '收入合计' })).toContainText('¥0.00');
  await shot(page, 'money-ledger-transfers-1600');
  await page.setViewportSize({ width: 2560, height: 1200 });
  await shot(page, 'money-ledger-transfers-2560');
  await page.setViewportSize({ width: 1600, height: 900 });

  // The owner completed it: no 订单已完成 for the owner; the demo sub-account (orders in every shop) is told, with the
  // settlement as written.
  const ownerMsgs = await owner.get('app/jiazheng/xiaoxi/findAllByPage', { title: '订单已完成', pageSize: 50 });
  expect((ownerMsgs.result.records as { content: string }[]).some((m) => m.content.includes(order.orderNo))).toBe(
    false,
  );
  const subCtx = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  const sub = await subCtx.newPage();
  await signIn(sub, DEMO.subA);
  await sub.goto('/#/xiaoxiguanli');
  const row = sub.getByRole('row').filter({ hasText: '订单已完成' }).filter({ hasText: order.orderNo });
  await expect(row).toBeVisible();
  await shot(sub, 'money-messages-colleague-1600');
  await row.getByText('查看', { exact: true }).click();
  const opened = sub.getByRole('dialog');
  await expect(opened).toContainText(
    `结算 ${yuan(s.amount)} 元（订单金额 ${yuan(s.orderAmount)} 元，扣除平台佣金 ${yuan(s.commission)} 元）`,
  );
  await shot(sub, 'money-message-completed-1600');
  await subCtx.close();
});

test('商品管理: 销量 from the orders; 批量下架 of items already off says which it skipped and why', async ({
  page,
}) => {
  await signIn(page, DEMO.ownerA);
  await page.goto('/#/shangpinguanli');
  await expect(page.getByRole('columnheader', { name: '销量' })).toBeVisible();
  await shot(page, 'money-goods-list-1600');
  // only the items off the shelf, selected, then 批量下架: nothing changes, and the dialog says why for each
  await page.locator('#search_shelfState').click();
  await page.getByTitle('下架', { exact: true }).click();
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  // the filtered list has arrived: no item on the shelf is listed
  await expect(page.locator('.ant-table-tbody .ant-switch-checked')).toHaveCount(0);
  const n = await rows.count();
  await page.locator('.ant-table-thead .ant-checkbox-input').check();
  await page.getByRole('button', { name: '批量下架' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  const report = page.getByTestId('batch-skipped');
  await expect(report).toBeVisible();
  await expect(report).toContainText(`已下架 0 个商品，以下 ${n} 个未处理：`);
  await expect(report.getByText('已是下架状态', { exact: false })).toHaveCount(n);
  await shot(page, 'money-goods-batch-skipped-1600');
  await page.getByRole('button', { name: '知道了' }).click();
  await expect(report).toBeHidden();
});
