import { expect, type Page, test } from '@playwright/test';
import { clientFor } from '../support/api.ts';
import { api, goodsOfShop, ok, specChoice } from '../support/customer.ts';
import { DEMO, signIn } from '../support/session.ts';

/**
 * 排班 in the console (docs/dispatch.md §1): an employee's weekly hours set in her form (Mon–Fri 08:00–17:00), next
 * Tuesday off in the 员工排班 grid, a dated leave on a morning of next week from her detail page; the board and the
 * customer's slots follow each change. Screenshots of the form, the grid and the leave dialog at 1366 and 1600 px.
 */
const SHOP = '运城洁家家政（总店）';
const PHONE = '13700009961';

/** Shanghai's today, and the Monday after it ('YYYY-MM-DD'). */
const shanghaiToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
const addDays = (d: string, n: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const nextMonday = () => {
  const t = shanghaiToday();
  const wd = (new Date(`${t}T00:00:00Z`).getUTCDay() + 6) % 7; // 0 = Monday
  return addDays(t, 7 - wd);
};

/** 'HH:mm' plus whole hours, within the day. */
const plusHours = (hm: string, h: number) => `${String(Number(hm.slice(0, 2)) + h).padStart(2, '0')}${hm.slice(2)}`;

/** At both widths; a dialog in the viewport only (a full-page shot leaves the mask at the first screen's height). */
async function shots(page: Page, name: string, fullPage = true) {
  for (const width of [1366, 1600]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300); // the layout settles after the resize
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage });
  }
}

let employeeId: number | null = null;
test.afterAll(async ({ request }) => {
  const owner = await clientFor(request, DEMO.ownerA);
  const found = await owner.get('app/jiazheng/yuangong/weapp/findAllByPage', { name: '排班测试阿姨', pageSize: 50 });
  for (const e of found.result?.records ?? []) await owner.del(`app/jiazheng/yuangong/delByIds/${e.id}`);
  employeeId = null;
});

test('weekly hours, a day off and a dated leave change the board and the customer’s slots', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await clientFor(request, DEMO.ownerA);
  // A fresh employee of the main shop (a retry first removes what an interrupted attempt left).
  const stale = await owner.get('app/jiazheng/yuangong/weapp/findAllByPage', { name: '排班测试阿姨', pageSize: 50 });
  for (const e of stale.result?.records ?? []) await owner.del(`app/jiazheng/yuangong/delByIds/${e.id}`);
  const init = await owner.get('app/jiazheng/page/initPc');
  const shopId = (init.result.allDianpu as { id: number; name: string }[]).find((s) => s.name === SHOP)!.id;
  // She serves the goods' category only: with every skill she would also be the one who could take a waiting order of
  // another category (an air-conditioner clean), and her absence would strand that order instead of taking a place.
  const goods = await goodsOfShop(request, SHOP);
  const added = await owner.post('app/jiazheng/yuangong/add', {
    name: '排班测试阿姨',
    phone: PHONE,
    gender: 2,
    idCardNo: '11010519491231002X',
    shopId,
    fuwuIds: JSON.stringify([goods.fuwuId]),
  });
  expect(added.code, added.message).toBe(200);
  employeeId = added.result.id as number;

  const weekdays = [0, 1, 2, 3, 4].map((n) => addDays(nextMonday(), n));
  const extra = Object.entries(specChoice(goods))
    .map(([k, v]) => `&${k}=${v}`)
    .join('');
  const capacityAt = async (date: string, time: string) => {
    const r = await ok<{ slots: { time: string; capacity: number }[] }>(
      await request.get(`${api}/customer/slots?goodsId=${goods.id}&date=${date}${extra}`),
    );
    return r.slots.find((s) => s.time === time)?.capacity ?? -1;
  };
  // A paid order of her category waiting over [from, to) (Shanghai wall times of `date`) is matched to whoever can serve
  // it: when she is needed for it (fewer others are free for it than such orders wait then), her absence strands that
  // order instead of taking a customer place, so the slot count stays. The starts the spec changes are chosen without.
  const sameService = new Set(
    (
      await ok<{ records: { id: number; fuwuId: number }[] }>(
        await request.get(`${api}/shangjia/shangpin/weapp/findAllByPage?pageSize=100`),
      )
    ).records
      .filter((g) => g.fuwuId === goods.fuwuId)
      .map((g) => g.id),
  );
  const needsHer = async (date: string, from: string, to: string) => {
    const r = await owner.get('app/jiazheng/paidan/board', { date, shopId });
    const [start, end] = [Date.parse(`${date}T${from}:00+08:00`), Date.parse(`${date}T${to}:00+08:00`)];
    const waiting = (
      r.result.unassigned as { orderId: number; from: string; bufferTo: string; goodsId: number }[]
    ).filter((u) => sameService.has(u.goodsId) && Date.parse(u.from) < end && start < Date.parse(u.bufferTo));
    for (const u of waiting) {
      const s = await owner.get('app/jiazheng/paidan/suggest', { orderId: u.orderId });
      const others = (s.result?.suggestions ?? []) as { employeeId: number }[];
      if (others.filter((x) => x.employeeId !== employeeId).length < waiting.length) return true;
    }
    return false;
  };
  const boardRow = async (date: string) => {
    const r = await owner.get('app/jiazheng/paidan/board', { date, shopId });
    return (r.result.employees as { id: number; hours: { ranges: unknown[] }[]; leaves: unknown[] }[]).find(
      (e) => e.id === employeeId,
    )!;
  };

  // 1. Weekly hours in her form: Mon–Fri 08:00–17:00 (Monday set, copied to the week, the weekend switched off).
  await signIn(page, DEMO.ownerA);
  await page.goto(`/#/xinzengyuangong?id=${employeeId}`);
  await expect(page.getByLabel('姓名')).toHaveValue('排班测试阿姨');
  await page.getByRole('radio', { name: '自定义每周排班' }).check();
  const pick = async (label: string, value: string) => {
    await page.getByLabel(label).click();
    await page.locator('.ant-select-dropdown:visible').getByTitle(value, { exact: true }).click();
  };
  await pick('周一第1段结束', '17:00');
  await page.getByRole('button', { name: '复制周一到整周' }).click();
  for (const d of ['周六', '周日']) await page.getByRole('switch', { name: `${d}上班` }).click();
  await expect(page.getByRole('group', { name: '周五' })).toContainText('17:00');
  await expect(page.getByRole('group', { name: '周六' }).getByRole('switch')).not.toBeChecked();
  await page.getByRole('group', { name: '周一' }).scrollIntoViewIfNeeded();
  await shots(page, 'rota-employee-form');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/#\/gongsiyuangong$/);
  const saved = await owner.get(`app/jiazheng/yuangong/findById/${employeeId}`);
  expect(saved.result.workHours).toEqual(
    Array.from({ length: 7 }, (_, i) => (i < 5 ? [{ from: '08:00', to: '17:00' }] : [])),
  );
  // The day off: the first weekday of next week (from Tuesday) with a start in her hours that has a free place and no
  // waiting order over its job — the specs before this one book the shared demo week.
  let offDay = '';
  let offTime = '';
  let offDayBefore = 0;
  for (const d of weekdays.slice(1)) {
    const r = await ok<{ slots: { time: string; capacity: number }[] }>(
      await request.get(`${api}/customer/slots?goodsId=${goods.id}&date=${d}${extra}`),
    );
    for (const x of r.slots.filter((x) => x.time >= '08:00' && x.time <= '12:00' && x.capacity > 0))
      if (!(await needsHer(d, x.time, plusHours(x.time, 5)))) {
        [offDay, offTime, offDayBefore] = [d, x.time, x.capacity];
        break;
      }
    if (offDay) break;
  }
  expect(offDay, 'a weekday of next week with a free start and no waiting order that needs her').not.toBe('');
  const offDayName = ['周一', '周二', '周三', '周四', '周五'][weekdays.indexOf(offDay)];
  expect((await boardRow(offDay)).hours[0].ranges).toHaveLength(1);

  // 2. That day off, in the 员工排班 grid.
  await page.goto('/#/yuangongpaiban');
  await page.getByRole('button', { name: /下一周/ }).click();
  const cell = page.getByRole('button', {
    name: new RegExp(`^排班测试阿姨 ${offDayName} ${Number(offDay.slice(5, 7))}/${Number(offDay.slice(8, 10))}：`),
  });
  await expect(cell).toContainText('08:00–17:00');
  await cell.click();
  const dialog = page.getByRole('dialog', { name: /调整排班：排班测试阿姨/ });
  await dialog.getByRole('radio', { name: '休息' }).check();
  await dialog.getByPlaceholder(/如：加班/).fill('家中有事');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(cell).toContainText('休息');
  await expect(cell).toContainText('调整');
  await shots(page, 'rota-grid');
  expect((await boardRow(offDay)).hours[0].ranges).toEqual([]);
  expect(await capacityAt(offDay, offTime)).toBe(offDayBefore - 1);

  // 3. A dated leave of five hours from a morning start of next week with a free place (the demo week fills some),
  // from her detail page: it covers a job starting then, whatever its length and travel buffer.
  let leaveDay = '';
  let leaveTime = '';
  for (const d of weekdays.slice(1).filter((day) => day !== offDay)) {
    const r = await ok<{ slots: { time: string; capacity: number }[] }>(
      await request.get(`${api}/customer/slots?goodsId=${goods.id}&date=${d}${extra}`),
    );
    for (const x of r.slots.filter((x) => x.time >= '08:00' && x.time <= '12:00' && x.capacity > 0))
      if (!(await needsHer(d, x.time, plusHours(x.time, 5)))) {
        leaveDay = d;
        leaveTime = x.time;
        break;
      }
    if (leaveDay) break;
  }
  expect(leaveDay, 'a morning start with a free place and no waiting order that needs her next week').not.toBe('');
  const leaveBefore = await capacityAt(leaveDay, leaveTime);
  await page.goto(`/#/gongsiyuangongxiangqing?id=${employeeId}`);
  await page.getByRole('button', { name: '请假/休假' }).click();
  const leave = page.getByRole('dialog', { name: '请假/休假：排班测试阿姨' });
  await leave.getByPlaceholder('开始时间').click();
  await leave.getByPlaceholder('开始时间').fill(`${leaveDay} ${leaveTime}`);
  await leave.getByPlaceholder('开始时间').press('Enter');
  await leave.getByPlaceholder('结束时间').fill(`${leaveDay} ${plusHours(leaveTime, 5)}`);
  await leave.getByPlaceholder('结束时间').press('Enter');
  await leave.getByLabel('原因').fill('看病');
  await shots(page, 'rota-leave-dialog', false);
  await leave.getByRole('button', { name: /保\s*存/ }).click();
  await expect(leave).toBeHidden();
  await expect(page.getByRole('row', { name: /看病/ })).toContainText('未开始');
  const row = await boardRow(leaveDay);
  expect(row.leaves).toEqual([expect.objectContaining({ reason: '看病' })]);
  expect(await capacityAt(leaveDay, leaveTime)).toBe(leaveBefore - 1);
});
