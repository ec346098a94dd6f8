import { expect, type Page, test } from '@playwright/test';
import { clientFor } from '../support/api.ts';
import { api, bookable, customerToken, goodsOfShop, ok, specChoice } from '../support/customer.ts';
import { DEMO, shot, signIn } from '../support/session.ts';

/**
 * docs/dispatch.md §3.2: a client's 偏好员工 comes first in 接单派员 tagged 客户偏好, a 不派员工 is listed
 * among the ones who cannot be assigned with 客户不希望再派此员工, and the server refuses her.
 */
type Suggest = {
  suggestions: { employeeId: number; name: string; strandCount: number }[];
  excluded: { employeeId: number; code: string; reason: string }[];
};

const SHOP = '运城洁家家政（总店）';
const PHONE = '13700003311';

const settled = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || !(a.effect as KeyframeEffect | null)?.target?.closest('.ant-modal-root'),
      ),
  );

test('接单派员: the client’s preferred employee first (客户偏好), the blocked one excluded and refused', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await clientFor(request, DEMO.ownerA);
  const goods = await goodsOfShop(request, SHOP);
  const headers = await customerToken(request, PHONE);
  const when = await bookable(request, goods, specChoice(goods), 36);
  const o = await ok<{ id: number; orderNo: string }>(
    await request.post(`${api}/customer/order/add`, {
      headers,
      form: {
        goodsId: goods.id,
        ...specChoice(goods),
        customerName: '陈女士',
        customerPhone: PHONE,
        address: '山西省运城市盐湖区偏好路 33 号 1-2-302',
        ...when,
        remark: 'E2E 客户偏好',
      },
    }),
  );
  await ok(await request.post(`${api}/customer/order/pay`, { headers, form: { id: o.id } }));
  const detail = await owner.get(`app/jiazheng/pay/dingdan/findById/${o.id}`);
  const clientId = detail.result.clientId as number;
  expect(clientId, 'the paid order is linked to its 客户档案').toBeTruthy();

  const before = (await owner.get('app/jiazheng/paidan/suggest', { orderId: o.id })).result as Suggest;
  const safe = before.suggestions.filter((s) => s.strandCount === 0);
  expect(safe.length, 'at least three free employees').toBeGreaterThanOrEqual(3);
  const blocked = safe[0];
  const preferred = safe.at(-1)!;
  const set = await owner.post('app/jiazheng/kehu/prefs', {
    clientId,
    preferred: JSON.stringify([preferred.employeeId]),
    blocked: JSON.stringify([blocked.employeeId]),
  });
  expect(set.code, JSON.stringify(set)).toBe(200);

  await signIn(page, DEMO.ownerA);
  await page.goto('/#/dingdanjiedan');
  const card = page.getByTestId(`waiting-${o.orderNo}`);
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /接单派员/ }).click();
  const modal = page.getByRole('dialog', { name: new RegExp(`接单并指派员工 · ${o.orderNo}`) });
  const first = modal.getByRole('list', { name: '推荐员工' }).getByRole('listitem').first();
  await expect(first).toContainText(preferred.name);
  await expect(first.getByTestId('preferred-tag')).toHaveText('客户偏好');
  const out = modal.getByTestId(`excluded-${blocked.employeeId}`);
  await expect(out).toHaveText(`${blocked.name}：客户不希望再派此员工`);
  await expect(modal.getByRole('button', { name: `指派给 ${blocked.name}` })).toHaveCount(0);
  for (const width of [1366, 1600]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await shot(page, `client-prefs-assign-${width}`);
  }

  // The server refuses her however she is chosen (the board's drag calls paidan/assign).
  const refused = await owner.post('app/jiazheng/paidan/assign', { orderId: o.id, employeeId: blocked.employeeId });
  expect(refused.code).toBe(2004);
  expect(refused.message).toContain('客户不希望再派此员工');

  await first.getByRole('button', { name: `指派给 ${preferred.name}` }).click();
  await expect(modal).toBeHidden();
  const after = await owner.get(`app/jiazheng/pay/dingdan/findById/${o.id}`);
  expect(after.result.status).toBe(30);
});
