import { expect, type Page, test } from '@playwright/test';
import { api, bookable, customerToken, goodsOfShop, ok, specChoice } from '../support/customer.ts';
import { DEMO, signIn } from '../support/session.ts';

/**
 * 客户档案 in the browser (docs/customers.md): a merchant creates a client with an address and its job notes, finds it
 * in 客户列表, opens the detail and adds a note; the client then pays an order with the same phone, and the order's
 * drawer links to that record. Screenshots of the list, the detail and the address dialog at 1366 and 1600 px.
 */

/**
 * The page fits the window: no sideways scroll of the whole console (a wide table scrolls inside itself). Only from
 * 1500 px: a narrower window scrolls the console's 1500 px frame by design (styles.css, docs/spec-notes.md).
 */
async function fitsWidth(page: Page) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(inner);
}

/** Screenshots once the dialog's opening animation is over. */
async function dialogShot(page: Page, name: string) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el.closest('.ant-modal') ?? el).opacity)).toBe('1');
  await page.screenshot({ path: `screenshots/${name}.png` });
}

test('a client made with an address, found in the list, noted, and linked from an order drawer', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now() % 100_000_000;
  const name = `档案${stamp % 10000}`;
  const phone = `139${String(stamp).padStart(8, '0')}`;
  await signIn(page, DEMO.ownerA);
  await page.setViewportSize({ width: 1366, height: 900 });

  // 新增客户 with a first address and its job notes: the form opens the new record's detail.
  await page.goto('/#/kehuliebiao');
  await expect(page.getByText('客户列表').first()).toBeVisible();
  await page
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .click();
  const form = page.getByRole('dialog');
  await form.getByLabel('客户姓名').fill(name);
  await form.getByLabel('手机号').fill(phone);
  await form.getByLabel('详细地址').fill('运城市盐湖区河东东街 88 号 3 单元 501');
  await form.getByLabel('面积（㎡）').fill('90');
  await form.getByLabel('户型').fill('三室一厅');
  await form.getByLabel('楼层').fill('5');
  await form.getByLabel('宠物').fill('一只猫');
  await form.getByLabel('门禁/钥匙').fill('门禁 1234#');
  await form.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/#\/kehuxiangqing\?id=\d+/);
  const id = Number(/id=(\d+)/.exec(page.url())?.[1]);
  await expect(page.getByText('90㎡；三室一厅；5 楼；宠物：一只猫；门禁/钥匙：门禁 1234#')).toBeVisible();

  // Found in the list by the phone's last four digits; the name opens the detail.
  await page.goto('/#/kehuliebiao');
  await page.getByLabel('手机号').fill(phone.slice(-4));
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(phone);
  await expect(row).toContainText('运城市盐湖区河东东街 88 号');
  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`#/kehuxiangqing\\?id=${id}`));

  // 备注: added with its author and time, newest first.
  await page.getByRole('tab', { name: /备注/ }).click();
  await page.getByPlaceholder('记录客户的习惯、要求等').fill('客户希望周二上午上门，进门换鞋');
  await page.getByRole('button', { name: '添加备注' }).click();
  await expect(page.getByText('客户希望周二上午上门，进门换鞋')).toBeVisible();
  await expect(page.getByRole('tab', { name: '备注（1）' })).toBeVisible();

  // The customer pays an order with the same phone: the hand-made record gets it, and the drawer links to it.
  const goods = await goodsOfShop(request, '运城洁家家政（总店）');
  const headers = await customerToken(request, phone);
  const when = await bookable(request, goods);
  const order = await ok<{ id: number; orderNo: string }>(
    await request.post(`${api}/customer/order/add`, {
      headers,
      form: {
        goodsId: goods.id,
        ...specChoice(goods),
        customerName: name,
        customerPhone: phone,
        address: '运城市盐湖区河东东街 88 号 3 单元 501',
        ...when,
      },
    }),
  );
  await ok(await request.post(`${api}/customer/order/pay`, { headers, form: { id: order.id } }));
  await page.goto(`/#/dingdanguanli?id=${order.id}`);
  const drawer = page.getByRole('dialog', { name: /订单详情/ });
  await expect(drawer).toContainText(order.orderNo, { timeout: 30_000 });
  await drawer.getByRole('link', { name: '查看客户档案' }).click();
  await expect(page).toHaveURL(new RegExp(`#/kehuxiangqing\\?id=${id}`));
  await page.getByRole('tab', { name: '订单记录' }).click();
  await expect(page.getByRole('row', { name: new RegExp(order.orderNo) })).toBeVisible();

  // Screenshots at the console's widths: the list, the detail with its tabs, the address dialog with its map.
  for (const width of [1366, 1600]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/#/kehuliebiao');
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    if (width >= 1500) await fitsWidth(page);
    await page.screenshot({ path: `screenshots/clients-list-${width}.png` });
    await page.goto(`/#/kehuxiangqing?id=${id}`);
    await expect(page.getByText('服务地址')).toBeVisible();
    if (width >= 1500) await fitsWidth(page);
    await page.screenshot({ path: `screenshots/clients-detail-${width}.png`, fullPage: true });
    await page.getByRole('tab', { name: '卡项' }).click();
    await expect(page.getByRole('button', { name: /售\s*卡/ })).toBeVisible();
    await page.screenshot({ path: `screenshots/clients-cards-${width}.png` });
    await page.getByRole('tab', { name: '基本信息' }).click();
    await page.getByRole('button', { name: '编辑', exact: true }).first().click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /在地图上标注/ })
      .click();
    await expect(page.getByRole('dialog').getByTestId('point-map')).toBeVisible();
    await dialogShot(page, `clients-address-${width}`);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /取\s*消/ })
      .click();
  }
});
