/**
 * Stored XSS: a corpus of hostile payloads is saved through the API into the rich-text fields (goods intro, shop
 * intro, notice content, agreement content) and the free-text fields the console renders (goods names, shop name,
 * employee name, dictionary labels, review replies, notice title); then the pages that show them are opened in
 * Chromium. No dialog may open and no payload may run: each one would set window.__xss, which must stay undefined.
 *
 * Run: cd e2e && E2E_PORT=3141 WEB_DIST=/tmp/jz-web-h14 SMS_RATE_LIMIT=off RATE_LIMIT=off npx playwright test specs/xss.spec.ts
 */
import { expect, type Page, test } from '@playwright/test';
import { client, tokenFor } from '../support/api.ts';
import { customerToken, goodsOfShop, placeAndPay } from '../support/customer.ts';
import { DEMO, shot, signIn } from '../support/session.ts';

const F = 'window.__xss=1';

/** Short payloads (≤ 50 characters, to fit name fields) first, then longer ones for rich text only. */
const SHORT = [
  `<script>${F}</script>`,
  `<img src=x onerror="${F}">`,
  `<img src=x onerror=${F}>`,
  `<svg onload=${F}>`,
  `<svg/onload=${F}>`,
  `<body onload=${F}>`,
  `<iframe src="javascript:${F}">`,
  `<iframe srcdoc="<script>${F}</script>">`,
  `<details open ontoggle=${F}>`,
  `<input autofocus onfocus=${F}>`,
  `<video><source onerror="${F}">`,
  `<audio src=x onerror=${F}>`,
  `<marquee onstart=${F}>`,
  `<object data="javascript:${F}">`,
  `<embed src="javascript:${F}">`,
  `<a href="javascript:${F}">x</a>`,
  `"><script>${F}</script>`,
  `'><img src=x onerror=${F}>`,
  `</title><script>${F}</script>`,
  `</textarea><script>${F}</script>`,
  `<scr<script>ipt>${F}</script>`,
  `<ScRiPt>${F}</sCrIpT>`,
  `<img src=x oNeRrOr=${F}>`,
  `<img src="x" onerror="&#119;indow.__xss=1">`,
  `<svg><script>${F}</script></svg>`,
  `<math><mtext><img src=x onerror=${F}>`,
  `<style onload=${F}></style>`,
  `<link rel=import href=data:,x onload=${F}>`,
  `<form><button formaction=javascript:${F}>`,
  `<isindex type=image src=1 onerror=${F}>`,
  `<select autofocus onfocus=${F}>`,
  `<textarea autofocus onfocus=${F}>`,
  `<keygen autofocus onfocus=${F}>`,
  `<div onmouseover=${F}>hover</div>`,
  `<img src=x:alert onerror=${F}>`,
  `{{constructor.constructor('${F}')()}}`,
  `\${${F}}`,
  `javascript:${F}`,
  `<img src onerror=${F}>`,
  `<svg><animate onbegin=${F} attributeName=x>`,
  `<img src=x onerror=eval(atob('d2luZG93Ll9feHNzPTE='))>`,
  `<base href="javascript:${F}//">`,
] as const;

const LONG = [
  `<noscript><p title="</noscript><img src=x onerror=${F}>">`,
  `<meta http-equiv="refresh" content="0;url=javascript:${F}">`,
  `<svg><foreignObject><iframe onload=${F}></iframe></foreignObject></svg>`,
  `<table background="javascript:${F}"><tr><td>t</td></tr></table>`,
  `<a href="jav&#x09;ascript:${F}">tab</a><a href=" javascript:${F}">sp</a>`,
  `<img src="data:image/svg+xml,<svg onload='${F}'>">`,
  `<iframe src="data:text/html,<script>parent.__xss=1</script>"></iframe>`,
  `<div style="background:url(javascript:${F})">css</div>`,
  `<math><maction actiontype=statusline xlink:href=javascript:${F}>x</maction></math>`,
  `<template><img src=x onerror=${F}></template><svg><style><img src=x onerror=${F}></style></svg>`,
  `<p>ok</p><img src="/tmpl/api/health" onload="${F}">`,
  `<object data="data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3M9MTwvc2NyaXB0Pg=="></object>`,
] as const;

const ALL = [...SHORT, ...LONG];
const RICH = `<p>富文本测试</p>${ALL.join('<p>—</p>')}`;

/** Fails on any dialog; answers a probe telling whether a payload ran on the page. */
function guard(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', async (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    await d.dismiss();
  });
  return async (where: string) => {
    await page.waitForTimeout(600);
    const ran = await page.evaluate(() => (window as unknown as { __xss?: number }).__xss);
    expect(ran, `a payload ran on ${where}`).toBeUndefined();
    expect(dialogs, `dialog on ${where}`).toEqual([]);
  };
}

const saved = { tried: 0, stored: 0, refused: [] as string[] };
const tally = (r: { code: number; message: string }) => {
  saved.tried++;
  if (r.code === 200) saved.stored++;
  else saved.refused.push(`${r.code} ${r.message}`);
  return r;
};

test.describe.configure({ mode: 'serial' });

test('payloads stored through the platform toolkit do not run (dictionary labels, notice, agreement)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(ALL.length).toBeGreaterThanOrEqual(50);
  const admin = client(page.request, await tokenFor(page.request, DEMO.admin));

  // 1) dictionary labels: every payload as a label of goods_shelf_state (new values), and the label of value 1
  //    (上架) itself, which the goods list renders through <DictTag>.
  for (const [i, p] of SHORT.entries())
    tally(
      await admin.post('app/dict/data/add', {
        dictType: 'goods_shelf_state',
        dictLabel: p,
        dictValue: `x${i}`,
        sort: 100 + i,
      }),
    );
  //    The label of 待接单 (order_status 20) too: the order list renders it through <DictTag>.
  for (const [type, value, payload] of [
    ['goods_shelf_state', '1', SHORT[1]],
    ['order_status', '20', SHORT[4]],
  ] as const) {
    const page = await admin.get('app/dict/data/findAllByPage', { dictType: type, pageSize: 100 });
    const row = (page.result.records as { id: number; dictValue: string }[]).find((d) => d.dictValue === value);
    expect(row, `${type} ${value}`).toBeDefined();
    tally(await admin.post('app/dict/data/edit', { id: row!.id, dictLabel: payload }));
  }

  // 2) a published notice: payload title, every payload in its content.
  tally(await admin.post('app/tongzhi/add', { title: SHORT[3], content: RICH, type: 1, status: 0 }));

  // 3) an agreement: every payload in its content, published (the merchant reads it in 我的协议).
  const agreements = await admin.get('app/xieyi/findAllByPage', { pageSize: 10 });
  const agreement = agreements.result?.records?.[0];
  if (agreement) {
    tally(
      await admin.post('app/xieyi/edit', {
        id: agreement.id,
        type: agreement.type,
        title: agreement.title,
        mustSign: agreement.mustSign,
        content: RICH,
      }),
    );
    tally(await admin.post('app/xieyi/fabu', { id: agreement.id, remark: 'xss' }));
  }

  const check = guard(page);
  await signIn(page, DEMO.admin);
  await check('/index (admin)');
  await page.goto('/#/sys/dict/data?dictType=goods_shelf_state');
  await expect(page.getByText(SHORT[0]).first()).toBeVisible(); // shown as text, not run
  await check('字典数据');
  await shot(page, 'xss-dict-data');
  await page.goto('/#/platform/notice');
  await check('通知管理');
  if (agreement) {
    await page.goto('/#/xiyixixie');
    await check('协议管理');
  }
});

test('payloads stored by a merchant do not run (goods, shop, employee, review reply) nor what the platform sent', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const triedBefore = saved.tried; // a retry runs this test alone in a fresh worker: count this test's saves only
  // A fresh paid order (待接单) so that 订单管理 renders the order_status label; earlier specs may have taken the rest.
  const buyer = await customerToken(page.request, '13700008888');
  await placeAndPay(page.request, buyer, await goodsOfShop(page.request, '运城洁家家政（总店）'));
  const owner = client(page.request, await tokenFor(page.request, DEMO.ownerA));

  const goods = await owner.get('app/jiazheng/shangjia/shangpin/shangjia/findAllByPage', { pageSize: 50 });
  const goodsIds = (goods.result.records as { id: number }[]).map((g) => g.id);
  for (const [i, id] of goodsIds.entries())
    tally(await owner.post('app/jiazheng/shangjia/shangpin/edit', { id, name: SHORT[(i * 5) % SHORT.length] }));
  tally(await owner.post('app/jiazheng/shangjia/shangpin/edit', { id: goodsIds[0], intro: RICH }));

  const shop = await owner.get('app/jiazheng/shangjia/info/findInfo');
  const shopId = shop.result?.id ?? shop.result?.shop?.id;
  if (shopId) {
    tally(await owner.post('app/jiazheng/shangjia/info/edit', { id: shopId, intro: RICH }));
    tally(await owner.post('app/jiazheng/shangjia/info/edit', { id: shopId, name: SHORT[1] }));
  }

  const employees = await owner.get('app/jiazheng/yuangong/weapp/findAllByPage', { pageSize: 5 });
  const emp = employees.result?.records?.[0];
  if (emp) tally(await owner.post('app/jiazheng/yuangong/edit', { id: emp.id, name: SHORT[0], intro: SHORT[2] }));

  const reviews = await owner.get('app/jiazheng/pinglun/findAllByPage', { pageSize: 50, replied: 0 });
  for (const [i, r] of ((reviews.result?.records ?? []) as { id: number }[]).entries())
    tally(
      await owner.post('app/jiazheng/pinglun/shangjiahuifu', {
        id: r.id,
        merchantReply: SHORT[(i * 7 + 2) % SHORT.length],
      }),
    );

  console.info(
    `xss: ${ALL.length} payloads; ${saved.tried} saves tried, ${saved.stored} stored, refused: ${saved.refused.join('; ') || 'none'}`,
  );

  const check = guard(page);
  await signIn(page, DEMO.ownerA);
  await expect(page.getByText(SHORT[3]).first()).toBeVisible(); // the notice title on the landing page, as text
  await check('/index (notices, agreement alert)');
  await shot(page, 'xss-index');
  const visits: [string, string][] = [
    ['/#/shangpinguanli', '商品管理'],
    [`/#/shangpinxiangqing?id=${goodsIds[0]}`, '商品详情'],
    [`/#/shangpinAdd?id=${goodsIds[0]}`, '商品编辑 (rich-text editor)'],
    ['/#/dianpuxinxi', '店铺信息 (rich-text editor)'],
    ['/#/dianpuguanli', '店铺管理'],
    ['/#/gongsiyuangong', '公司员工'],
    ['/#/dingdanpingjiaguanli', '订单评价'],
    ['/#/dingdanguanli', '订单管理 (status labels through DictTag)'],
    ['/#/dingdanjiedan', '订单接单'],
    ['/#/wodexieyi', '我的协议'],
  ];
  for (const [url, where] of visits) {
    await page.goto(url);
    // The console keeps an event stream open, so "network idle" may never come: give the page 3 s at most.
    await page.waitForLoadState('networkidle', { timeout: 3000 }).catch(() => {});
    await check(where);
  }
  await page.goto('/#/shangpinguanli');
  await expect(page.getByText(SHORT[0]).first()).toBeVisible(); // the name is there, as text
  await shot(page, 'xss-goods');
  await page.goto('/#/dingdanguanli');
  await expect(page.getByText(SHORT[4]).first()).toBeVisible(); // the 待接单 label, as text
  await check('订单管理 (again)');
  await shot(page, 'xss-orders');
  // Every goods name, the goods and shop intro, the shop name and an employee went through the API.
  expect(saved.tried - triedBefore).toBeGreaterThanOrEqual(goodsIds.length + 3);
});
