import { type APIRequestContext, expect, test } from '@playwright/test';
import { client } from '../support/api.ts';
import { DEMO, shot, signIn } from '../support/session.ts';

/**
 * A demo employee asks for leave on the staff page's API and withdraws it; the owner finds 请假申请 and 请假撤回 in
 * 消息管理, and 查看请假 opens 员工排班 on 请假审批. Screenshots in e2e/screenshots/leave-request-message-*.png.
 */

/** 'YYYY-MM-DDTHH:mm:00+08:00' of a Shanghai day `days` from today. */
const wall = (days: number, hm: string) => {
  const d = new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return `${d}T${hm}:00+08:00`;
};

async function staffToken(request: APIRequestContext, phone: string) {
  await request.post('/tmpl/api/staff/login/sms/sendCode', { data: { phone } });
  const r = await (await request.post('/tmpl/api/staff/login/sms/login', { data: { phone, code: '123456' } })).json();
  expect(r.code, JSON.stringify(r)).toBe(200);
  return r.result.token as string;
}

test('请假申请与请假撤回进入消息管理，查看请假打开请假审批', async ({ page, request }) => {
  // the console's own session (one SMS sign-in: a second code for the phone would wait a minute)
  await signIn(page, DEMO.ownerA);
  const owner = client(request, (await page.evaluate(() => localStorage.getItem('token'))) as string);
  const list = await owner.get('app/jiazheng/yuangong/weapp/findAllByPage', { pageSize: 50, workState: 1 });
  const who = (list.result.records as { id: number; name: string; phone: string }[]).at(-2)!;
  expect(who, JSON.stringify(list)).toBeDefined();
  const headers = { authorization: `Bearer ${await staffToken(request, who.phone)}` };
  const asked = await (
    await request.post('/tmpl/api/staff/leave', {
      data: { from: wall(75, '08:00'), to: wall(76, '18:00'), reason: '陪家人看病' },
      headers,
    })
  ).json();
  expect(asked.code, JSON.stringify(asked)).toBe(200);
  const back = await (await request.post(`/tmpl/api/staff/leave/${asked.result.id}/withdraw`, { headers })).json();
  expect(back.code, JSON.stringify(back)).toBe(200);

  await page.goto('/#/xiaoxiguanli');
  const ask = page.locator('tr', { hasText: `${who.name} 申请请假` }).first();
  await expect(ask).toContainText('请假申请');
  await expect(ask).toContainText('08:00 至');
  await expect(page.locator('tr', { hasText: `${who.name} 撤回了请假申请` }).first()).toContainText('请假撤回');
  await shot(page, 'leave-request-message-list');

  await ask.getByText('查看请假').click();
  await expect(page).toHaveURL(/yuangongpaiban\?tab=leave&id=\d+/);
  await expect(page.getByRole('tab', { name: '请假审批', selected: true })).toBeVisible();
  // the link opens the list on 全部 (a withdrawn request is not pending) with that request marked
  await expect(page.getByRole('radio', { name: '全部' })).toBeChecked();
  const linked = page.locator('tr.jz-row-focus');
  await expect(linked).toHaveCount(1);
  await expect(linked).toContainText('陪家人看病');
  await expect(linked).toContainText('已撤回');
  await shot(page, 'leave-request-message-rota');
});
