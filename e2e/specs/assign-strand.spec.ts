import { expect, type Page, test } from '@playwright/test';
import { clientFor } from '../support/api.ts';
import { api, bookable, customerToken, goodsOfShop, ok, specChoice } from '../support/customer.ts';
import { DEMO, shot, signIn } from '../support/session.ts';

/**
 * docs/dispatch.md §3.1: 接单派员 goes through the board's ranked suggestion list, and a choice
 * that leaves another paid order at an overlapping time with nobody asks first; the board's 待派单 says how many
 * orders wait on later days and goes there.
 *
 * The scene, on a day a month ahead of the demo week: a customer pays order A at the day's first free start and order
 * B at a start inside A's job. Every employee free for them goes on leave over both except two: C (free for both) and
 * D (free for A only: on leave from A's end). Choosing C for A would leave B with nobody.
 */
type Suggest = {
  from: string;
  to: string;
  bufferTo: string;
  suggestions: { employeeId: number; name: string; strandCount: number; strands: { orderId: number }[] }[];
};

const SHOP = '运城洁家家政（总店）';
const leaves: number[] = [];
test.afterEach(async ({ request }) => {
  const owner = await clientFor(request, DEMO.ownerA);
  for (const id of leaves.splice(0)) {
    const r = await owner.del(`app/jiazheng/paidan/leave/del/${id}`);
    expect(r.code, JSON.stringify(r)).toBe(200);
  }
});

/** Shanghai day 'YYYY-MM-DD' of an instant. */
const dayOf = (iso: string) => new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);

/** The open dialog's zoom has ended (a screenshot mid-animation shows the page through it). */
const settled = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || !(a.effect as KeyframeEffect | null)?.target?.closest('.ant-modal-root'),
      ),
  );

async function shots(page: Page, name: string) {
  for (const width of [1366, 1600]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await shot(page, `${name}-${width}`);
  }
}

test('接单派员: the ranked list, and a warning before a choice that strands another order', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const owner = await clientFor(request, DEMO.ownerA);
  const goods = await goodsOfShop(request, SHOP);
  const headers = await customerToken(request, '13700003501');
  const place = async (when: { appointmentAt: string; lat: number; lng: number }) => {
    const o = await ok<{ id: number; orderNo: string }>(
      await request.post(`${api}/customer/order/add`, {
        headers,
        form: {
          goodsId: goods.id,
          ...specChoice(goods),
          customerName: '吴女士',
          customerPhone: '13700003501',
          address: '山西省运城市盐湖区测试大道 35 号 2-1-301',
          ...when,
          remark: 'E2E 派员不留空单',
        },
      }),
    );
    await ok(await request.post(`${api}/customer/order/pay`, { headers, form: { id: o.id } }));
    return o;
  };

  const whenA = await bookable(request, goods, specChoice(goods), 33);
  const a = await place(whenA);
  const sa = (await owner.get('app/jiazheng/paidan/suggest', { orderId: a.id })).result as Suggest;
  // B: a start inside A's time (with its buffer) the same day, with a place left
  const slots = await ok<{ slots: { at: string; available: boolean }[] }>(
    await request.get(`${api}/customer/slots`, {
      params: { goodsId: goods.id, date: dayOf(sa.from), ...specChoice(goods) },
    }),
  );
  const inside = slots.slots.find(
    (s) => s.available && Date.parse(s.at) > Date.parse(sa.from) && Date.parse(s.at) < Date.parse(sa.bufferTo),
  );
  expect(inside, 'a free start inside the first order’s time').toBeDefined();
  const b = await place({ ...whenA, appointmentAt: inside!.at });
  const sb = (await owner.get('app/jiazheng/paidan/suggest', { orderId: b.id })).result as Suggest;

  const forB = new Set(sb.suggestions.map((s) => s.employeeId));
  const c = sa.suggestions.find((s) => forB.has(s.employeeId));
  const d = sa.suggestions.find((s) => s.employeeId !== c?.employeeId);
  expect(c && d, 'two employees free for the first order, one of them for both').toBeTruthy();
  const leave = async (employeeId: number, from: string, to: string) => {
    const r = await owner.post('app/jiazheng/paidan/leave/add', { employeeId, from, to, reason: 'E2E 派员不留空单' });
    expect(r.code, JSON.stringify(r)).toBe(200);
    leaves.push(r.result.id);
  };
  for (const id of new Set([...sa.suggestions.map((s) => s.employeeId), ...forB]))
    if (id !== c!.employeeId && id !== d!.employeeId) await leave(id, sa.from, sb.to);
  if (forB.has(d!.employeeId)) await leave(d!.employeeId, sa.to, sb.to);

  // The server's answer: D first and safe, C flagged with B.
  const now = (await owner.get('app/jiazheng/paidan/suggest', { orderId: a.id })).result as Suggest;
  expect(now.suggestions.map((s) => [s.employeeId, s.strandCount])).toEqual([
    [d!.employeeId, 0],
    [c!.employeeId, 1],
  ]);
  expect(now.suggestions[1].strands.map((s) => s.orderId)).toEqual([b.id]);

  await signIn(page, DEMO.ownerA);
  await page.goto('/#/dingdanjiedan');
  const card = page.getByTestId(`waiting-${a.orderNo}`);
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /接单派员/ }).click();
  const modal = page.getByRole('dialog', { name: new RegExp(`接单并指派员工 · ${a.orderNo}`) });
  const ranked = modal.getByRole('list', { name: '推荐员工' });
  await expect(ranked.getByRole('listitem')).toHaveCount(2);
  await expect(ranked.getByRole('listitem').first()).toContainText(d!.name);
  await expect(ranked.getByRole('listitem').first()).toContainText('推荐');
  const risky = modal.getByTestId(`suggestion-${c!.employeeId}`);
  await expect(risky.getByTestId('strand-tag')).toHaveText('会使 1 单无人可派');
  await expect(risky).toContainText('1 单待派订单无人可派');
  // the others are listed as not assignable, with why
  await expect(modal.getByRole('list', { name: '不可指派的员工' })).toContainText('休假');
  await shots(page, 'assign-ranked');

  await risky.getByRole('button', { name: `指派给 ${c!.name}` }).click();
  const ask = page.locator('.ant-modal-confirm');
  await expect(ask).toContainText('警告提示');
  await expect(ask).toContainText(
    new RegExp(`选择${c!.name}后，订单 ${b.orderNo}（\\d\\d-\\d\\d \\d\\d:\\d\\d .+）将没有可指派的员工`),
  );
  await shots(page, 'assign-strand-warning');
  await ask.getByRole('button', { name: /取\s*消/ }).click();
  await expect(ask).toBeHidden();
  await expect(modal).toBeVisible();
  const still = await owner.get('app/jiazheng/paidan/suggest', { orderId: a.id });
  expect(still.code, 'cancelled: A is still waiting').toBe(200);

  // The safe choice: A is taken by D; B keeps C.
  await modal.getByRole('button', { name: `指派给 ${d!.name}` }).click();
  await expect(modal).toBeHidden();
  await expect(card).toBeHidden();
  const forBNow = (await owner.get('app/jiazheng/paidan/suggest', { orderId: b.id })).result as Suggest;
  expect(forBNow.suggestions.map((s) => s.employeeId)).toContain(c!.employeeId);
});

test('the board: a day without waiting orders says how many wait later and goes to the first such day', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await clientFor(request, DEMO.ownerA);
  // A day of the coming month with nothing waiting, and something waiting after it (the demo's and earlier specs').
  let empty: string | null = null;
  let firstAfter: string | null = null;
  for (let ahead = 20; ahead < 45 && !empty; ahead++) {
    const day = new Date(Date.now() + 8 * 3_600_000 + ahead * 86_400_000).toISOString().slice(0, 10);
    const r = await owner.get('app/jiazheng/paidan/board', { date: day });
    expect(r.code, JSON.stringify(r)).toBe(200);
    if (r.result.unassigned.length === 0 && r.result.waitingElsewhere.after > 0) {
      empty = day;
      firstAfter = r.result.waitingElsewhere.firstAfter;
    }
  }
  if (!empty) {
    // nothing waits after day 20: a customer pays one on day 40
    const goods = await goodsOfShop(request, SHOP);
    const headers = await customerToken(request, '13700003502');
    const when = await bookable(request, goods, specChoice(goods), 40);
    const o = await ok<{ id: number }>(
      await request.post(`${api}/customer/order/add`, {
        headers,
        form: {
          goodsId: goods.id,
          ...specChoice(goods),
          customerName: '吴女士',
          customerPhone: '13700003502',
          address: '山西省运城市盐湖区测试大道 35 号 2-1-302',
          ...when,
        },
      }),
    );
    await ok(await request.post(`${api}/customer/order/pay`, { headers, form: { id: o.id } }));
    empty = new Date(Date.now() + 8 * 3_600_000 + 20 * 86_400_000).toISOString().slice(0, 10);
    firstAfter = (await owner.get('app/jiazheng/paidan/board', { date: empty })).result.waitingElsewhere.firstAfter;
  }

  await signIn(page, DEMO.ownerA);
  await page.goto('/#/paidankanban');
  await expect(page.getByTestId('day-board')).toBeVisible();
  const picker = page.getByLabel('日期');
  await picker.click();
  await picker.fill(empty!);
  await picker.press('Enter');
  const panel = page.getByTestId('unassigned');
  const elsewhere = panel.getByTestId('waiting-elsewhere');
  await expect(elsewhere).toContainText(`${empty!.slice(5)} 没有待派单。`);
  await expect(elsewhere).toContainText(new RegExp(`之后 \\d+ 单待派（最早 ${firstAfter!.slice(5)}）`));
  await expect(panel).not.toContainText('已付款的订单都已派出');
  await expect(page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')).toHaveCount(0);
  await shots(page, 'board-waiting-later');

  await elsewhere.getByRole('button', { name: `去 ${firstAfter!.slice(5)}` }).click();
  await expect(picker).toHaveValue(firstAfter!);
  await expect(panel.locator('[data-testid^="unassigned-"]').first()).toBeVisible();
});
