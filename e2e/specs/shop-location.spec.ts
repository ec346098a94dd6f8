import { expect, type Page, test } from '@playwright/test';
import { DEMO, shot, signIn } from '../support/session.ts';

// 店铺信息's location (docs/shops.md "Location"): picking 山西省 / 运城市 / 盐湖区 moves the map to 盐湖区's centre (the
// server's district centres, not the province's seat in 太原); a pin in 太原 for the 运城 shop is refused on save and
// nothing changes; the service-area map follows the point at once; the maps load only when scrolled to.

const YANHU = [35.0151, 110.9983];
const TAIYUAN = { lat: '37.870451', lng: '112.550864' };

const centreOf = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).getAttribute('data-center')) ?? '').split(',').map(Number);

async function pickRegion(page: Page, path: string[]) {
  await page.locator('.ant-form-item').filter({ hasText: '所在地区' }).locator('.ant-cascader').click();
  for (const name of path) await page.locator('.ant-cascader-menu-item', { hasText: name }).first().click();
  await expect(page.locator('.ant-cascader').first()).toContainText(path.join(' / '));
}

test('picking 盐湖区 centres the map there; a pin outside the city is refused on save; the area map follows', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  // Which scripts the page loads before the maps are scrolled to.
  const scripts: string[] = [];
  page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
  await signIn(page, DEMO.ownerA);
  await page.goto('/#/dianpuxinxi');
  await expect(page.getByText('编辑店铺信息')).toBeVisible();
  await expect(page.getByLabel('店铺名称')).not.toHaveValue('');
  await page.waitForTimeout(800);
  // Below the fold at first: the service-area map (Leaflet + geoman) is not downloaded yet.
  await expect(page.getByTestId('polygon-map')).toHaveAttribute('data-loading', 'true');
  expect(scripts.filter((u) => /PolygonMapImpl/.test(u))).toEqual([]);
  await shot(page, 'location-dianpuxinxi-1366');
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.waitForTimeout(300);
  await shot(page, 'location-dianpuxinxi-1600');

  // Another city first, then 盐湖区: the map moves to each district's centre and says so.
  await pickRegion(page, ['山西省', '太原市', '小店区']);
  const point = page.getByTestId('point-map');
  await point.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await centreOf(page, 'point-map'))[0]).toBeGreaterThan(37.5);
  await pickRegion(page, ['山西省', '运城市', '盐湖区']);
  await expect
    .poll(async () => {
      const [lat, lng] = await centreOf(page, 'point-map');
      return Math.abs(lat - YANHU[0]) + Math.abs(lng - YANHU[1]);
    })
    .toBeLessThan(0.002);
  await point.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.waitForTimeout(300);
  await shot(page, 'location-yanhu-1600');

  // A pin in 太原 typed for the 运城 shop: the form lets it through (same province), the server refuses it.
  await page.getByRole('button', { name: '手动输入经纬度' }).click();
  await page.getByLabel('纬度').fill(TAIYUAN.lat);
  await page.getByLabel('经度').fill(TAIYUAN.lng);
  await page.getByLabel('经度').blur();
  await expect(page.getByText(`已选位置：纬度 ${TAIYUAN.lat}，经度 ${TAIYUAN.lng}`)).toBeVisible();
  // The service-area map follows the new point at once (no save and reload).
  const area = page.getByTestId('polygon-map');
  await area.scrollIntoViewIfNeeded();
  await expect(area).not.toHaveAttribute('data-loading', 'true');
  await expect.poll(async () => (await centreOf(page, 'polygon-map'))[0]).toBeGreaterThan(37.8);
  await page
    .getByRole('button', { name: /保\s*存/ })
    .first()
    .click();
  const refused = page.getByText(/不在所选地区「山西省 \/ 运城市 \/ 盐湖区」范围内/).first();
  await expect(refused).toBeVisible();
  await shot(page, 'location-refused-1600');
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, 'location-refused-1366');

  // Nothing was saved: a reload shows the shop where it was (in 运城).
  await page.reload();
  await expect(page.getByLabel('店铺名称')).not.toHaveValue('');
  await expect(page.getByText(/已选位置：纬度 35\.\d+，经度 11[01]\.\d+/)).toBeVisible();
});
