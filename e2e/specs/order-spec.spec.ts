import { expect, test } from '@playwright/test';
import { api, bookable, customerToken, ok } from '../support/customer.ts';
import { DEMO, shot, signIn } from '../support/session.ts';

/**
 * Orders carry their specification (docs/goods-specifications.md): a customer orders 新房开荒保洁 for 40 ㎡ (per ㎡ with a minimum
 * charge); 订单管理 shows the goods with the specification and the area, the drawer its 规格, 数量, 单价 and 服务时长.
 */
test('an order of a per-㎡ specification reads as placed in 订单管理 and its drawer', async ({ page, request }) => {
  test.setTimeout(120_000);
  const headers = await customerToken(request, '13700007771');
  const goods = await ok<{ records: { id: number; shopId: number; minQuantity: number; name: string }[] }>(
    await request.get(`${api}/shangjia/shangpin/weapp/findAllByPage?pageSize=100`),
  );
  const g = goods.records.find((r) => r.name === '新房开荒保洁');
  expect(g, '新房开荒保洁 on the shelf').toBeTruthy();
  const o = await ok<{ id: number; orderNo: string; amount: number }>(
    await request.post(`${api}/customer/order/add`, {
      headers,
      form: {
        goodsId: g!.id,
        area: 40,
        customerName: '钱女士',
        customerPhone: '13700007771',
        address: '山西省运城市盐湖区规格路 40 号',
        ...(await bookable(request, g!, { area: 40 })),
      },
    }),
  );
  // 40 ㎡ × ¥6 = ¥240, below the ¥300 minimum charge when the demo's specification has one
  expect([24000, 30000]).toContain(o.amount);

  await signIn(page, DEMO.ownerA);
  await page.goto('/#/dingdanguanli');
  await expect(page.getByText(/共 \d+ 条/).first()).toBeVisible();
  await page.getByLabel('订单号').fill(o.orderNo);
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  const row = page.getByRole('row', { name: new RegExp(o.orderNo) });
  await expect(row.getByTestId('order-goods')).toHaveText(/新房开荒保洁 · .+· 40 平方米/);
  await shot(page, 'order-spec-list');

  await row.getByText('详情').click();
  const drawer = page.getByRole('dialog', { name: `订单详情 · ${o.orderNo}` });
  await expect(page.getByTestId('order-goods-line')).toHaveText(/新房开荒保洁 · .+ · 40 平方米/);
  for (const label of ['规格', '数量', '单价', '服务时长', '服务面积']) await expect(drawer).toContainText(label);
  await expect(drawer).toContainText('/平方米');
  await shot(page, 'order-spec-drawer');
});
