import { expect, type Page, test } from '@playwright/test';
import { clientFor } from '../support/api.ts';
import { api, customerToken, goodsOfShop, ok, placeAndPay, specChoice } from '../support/customer.ts';
import { DEMO, shot, signIn } from '../support/session.ts';

type Slot = { at: string; time: string; available: boolean; capacity: number };

/** Shanghai wall time of an ISO instant: '2026-11-29' and '14:00'. */
const wall = (iso: string) => {
  const s = new Date(Date.parse(iso) + 8 * 3_600_000).toISOString();
  return { day: s.slice(0, 10), time: s.slice(11, 16) };
};

/** Finite CSS transitions and animations have ended (a dialog's zoom, a card turning blue), at most 2 s. */
const settled = (page: Page) =>
  page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((r) => setTimeout(r, 2000)),
    ]),
  );

/**
 * 改约 in Chromium (docs/dispatch.md): a customer pays an order of 运城洁家家政（总店）; owner A finds it in 订单管理, opens
 * its drawer and moves it to a free start on a later day through the 改约 dialog (a day, then that day's start times
 * with the places left, or whether its employee stays). The success message names the new time and the drawer shows it, with the change in the
 * timeline.
 */
test('the owner moves a paid order to a free time on a later day from its drawer', async ({ page, request }) => {
  test.setTimeout(150_000);
  const headers = await customerToken(request, '13700009999');
  const goods = await goodsOfShop(request, '运城洁家家政（总店）');
  const order = await placeAndPay(request, headers, goods);
  const placed = await ok<{ appointmentAt: string; status: number }>(
    await request.get(`${api}/customer/order/findById/${order.id}`, { headers }),
  );
  const from = wall(placed.appointmentAt);

  // a free start on a later day, as the dialog will list it (the same call, the order's specification)
  const extra = Object.entries(specChoice(goods))
    .map(([k, v]) => `&${k}=${v}`)
    .join('');
  let target: (Slot & { day: string }) | undefined;
  for (let n = 1; n <= 10 && !target; n++) {
    const day = new Date(Date.parse(`${from.day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const d = await ok<{ slots: Slot[] }>(
      await request.get(`${api}/customer/slots?goodsId=${goods.id}&date=${day}${extra}`),
    );
    const free = d.slots.find((s) => s.available);
    if (free) target = { ...free, day };
  }
  expect(target, 'a free start within 10 days after the order').toBeTruthy();
  const to = target!;

  await signIn(page, DEMO.ownerA);
  await page.goto('/#/dingdanguanli');
  await expect(page.getByText(/共 \d+ 条/).first()).toBeVisible();
  await page.getByLabel('订单号').fill(order.orderNo);
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  const row = page.getByRole('row', { name: new RegExp(order.orderNo) });
  await expect(row.getByText('改约')).toBeVisible();
  await row.getByText('详情').click();
  const drawer = page.getByRole('dialog', { name: `订单详情 · ${order.orderNo}` });
  await expect(drawer).toContainText(`${from.day} ${from.time}`);

  await drawer.getByRole('button', { name: '改约' }).click();
  const dialog = page.getByRole('dialog', { name: `改约 · ${order.orderNo}` });
  await expect(dialog.getByTestId('reschedule-current')).toHaveText(`${from.day} ${from.time}`);
  // the order's own day first, its own time not offered again
  const slots = dialog.getByRole('radiogroup', { name: '开始时间' });
  await expect(slots.getByTestId(`slot-${from.time}`)).toBeDisabled();
  const confirm = dialog.getByRole('button', { name: '确定改约' });
  await expect(confirm).toBeDisabled();
  await settled(page);
  await shot(page, 'reschedule-dialog-today');

  // a later day: type it into the picker
  const picker = dialog.getByLabel('新的日期');
  await picker.click();
  await picker.fill(to.day);
  await picker.press('Enter');
  await expect(picker).toHaveValue(to.day);
  const card = slots.getByTestId(`slot-${to.time}`);
  await expect(card).toBeEnabled();
  // an order the shop took at once (自动接单) says whether its employee stays; a waiting one, the places left
  await expect(card).toContainText(placed.status === 30 ? /保留原人员|需重新派单/ : `剩 ${to.capacity} 人`);
  await card.click();
  await expect(card).toHaveAttribute('aria-checked', 'true');
  // the reason is required: it goes to the timeline and the customer's SMS
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('改约原因').fill('客户临时出差，协商改期');
  await expect(confirm).toBeEnabled();
  await settled(page);
  await shot(page, 'reschedule-dialog-chosen');

  await confirm.click();
  const [, month, day] = to.day.split('-').map(Number);
  await expect(page.locator('.ant-message')).toContainText(`已改约为 ${month}月${day}日 ${to.time}`);
  await expect(dialog).toBeHidden();
  await expect(drawer).toContainText(`${to.day} ${to.time}`);
  await settled(page);
  await shot(page, 'reschedule-drawer-after');
  // the timeline records who moved it, from when to when
  const step = drawer.locator('.ant-timeline-item', { hasText: '商家改约' });
  await expect(step).toContainText(`→ ${month}月${day}日 ${to.time}`);
  await expect(step).toContainText('原因：客户临时出差，协商改期');
  await step.scrollIntoViewIfNeeded();
  await shot(page, 'reschedule-timeline');
});

/**
 * An assigned (待服务) order: the dialog asks pay/dingdan/rescheduleSlots, which says per start whether the order's
 * employee is free then. The owner moves it to a start where they are (保留原人员): the order stays 待服务 with them.
 */
test('an assigned order moves to a time its employee is free, keeping them', async ({ page, request }) => {
  test.setTimeout(150_000);
  const headers = await customerToken(request, '13700009971');
  const goods = await goodsOfShop(request, '运城洁家家政（总店）');
  const order = await placeAndPay(request, headers, goods);
  const owner = await clientFor(request, DEMO.ownerA);
  const free = await owner.get('app/jiazheng/pay/dingdan/findYuangong', { id: order.id });
  expect(free.code, JSON.stringify(free)).toBe(200);
  const employee = free.result[0] as { id: number; name: string };
  const took = await owner.post('app/jiazheng/pay/dingdan/setYuangong', { id: order.id, yuangongId: employee.id });
  expect(took.code, JSON.stringify(took)).toBe(200);
  const placed = await ok<{ appointmentAt: string }>(
    await request.get(`${api}/customer/order/findById/${order.id}`, { headers }),
  );
  const from = wall(placed.appointmentAt);

  // a later day with a start the employee is free for, as the dialog will list it
  let target: { at: string; time: string; day: string } | undefined;
  for (let n = 1; n <= 10 && !target; n++) {
    const day = new Date(Date.parse(`${from.day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    const d = await owner.get('app/jiazheng/pay/dingdan/rescheduleSlots', { id: order.id, date: day });
    expect(d.code, JSON.stringify(d)).toBe(200);
    const kept = (d.result.slots as { at: string; time: string; available: boolean; keepsEmployee?: boolean }[]).find(
      (x) => x.available && x.keepsEmployee,
    );
    if (kept) target = { ...kept, day };
  }
  expect(target, `a start within 10 days that ${employee.name} is free for`).toBeTruthy();
  const to = target!;

  await signIn(page, DEMO.ownerA);
  await page.goto('/#/dingdanguanli');
  await page.getByLabel('订单号').fill(order.orderNo);
  await page.getByRole('button', { name: /搜\s*索/ }).click();
  const row = page.getByRole('row', { name: new RegExp(order.orderNo) });
  await row.getByText('改约').click();
  const dialog = page.getByRole('dialog', { name: `改约 · ${order.orderNo}` });
  await expect(dialog).toContainText(`待服务 · ${employee.name}`);
  const picker = dialog.getByLabel('新的日期');
  await picker.click();
  await picker.fill(to.day);
  await picker.press('Enter');
  const card = dialog.getByTestId(`slot-${to.time}`);
  await expect(card).toBeEnabled();
  await expect(card).toContainText('保留原人员');
  await card.hover();
  await expect(page.getByRole('tooltip')).toContainText(`${employee.name} 该时段有空，改约后不变`);
  await card.click();
  await settled(page);
  await shot(page, 'reschedule-dialog-assigned');
  await dialog.getByLabel('改约原因').fill('服务人员临时有事');
  await dialog.getByRole('button', { name: '确定改约' }).click();
  const [, month, day] = to.day.split('-').map(Number);
  await expect(page.locator('.ant-message')).toContainText(`已改约为 ${month}月${day}日 ${to.time}`);
  await expect(dialog).toBeHidden();
  const after = await owner.get(`app/jiazheng/pay/dingdan/findById/${order.id}`);
  expect(after.result).toMatchObject({ status: 30, employeeId: employee.id, appointmentAt: to.at });
});
