import { type APIRequestContext, expect } from '@playwright/test';

/** The customer side of the marketplace through its API (as `npm run simulate` does): sign in, find goods, pay. */
export const api = '/tmpl/api/app/jiazheng';

export async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await res.json()) as { code: number; message: string; result: unknown };
  expect(body.code, body.message).toBe(200);
  return body.result as T;
}

export async function customerToken(request: APIRequestContext, phone: string) {
  await request.post(`${api}/customer/login/sendCode`, { form: { phone } });
  const s = await ok<{ token: string }>(
    await request.post(`${api}/customer/login`, { form: { phone, code: '123456', nickname: 'E2E顾客' } }),
  );
  return { 'x-customer-token': s.token };
}

export async function goodsOfShop(request: APIRequestContext, shopName: string) {
  const page = await ok<{ records: ShopGoods[] }>(
    await request.get(`${api}/shangjia/shangpin/weapp/findAllByPage?pageSize=100`),
  );
  const g = page.records.find((r) => r.shopName === shopName);
  expect(g, `an on-shelf goods item of ${shopName}`).toBeTruthy();
  return g!;
}

type Spec = { id: number; mode: string; minQuantity: number; areaMin: number | null; areaMax: number | null };
type ShopGoods = {
  id: number;
  shopId: number;
  shopName: string;
  fuwuId: number;
  minQuantity: number;
  name: string;
  specs?: Spec[];
};
type SlotGoods = { id: number; shopId: number; minQuantity: number; specs?: Spec[] };

const shopPoints = new Map<number, { lat: number; lng: number }>();
/**
 * When and where an order of `goods` can be booked (docs/dispatch.md; placement checks the shop's area, slots, lead time and
 * capacity): the shop's own location (the demo's shops sit in their service area) and the first start with a free
 * place from `fromDay` days ahead (two by default), as a customer would pick it from customer/slots. `choice` is what the order will send
 * (specification, quantity or area) when it is not the first specification's minimum: the job's length decides
 * which starts have a free employee.
 */
export async function bookable(request: APIRequestContext, goods: SlotGoods, choice = specChoice(goods), fromDay = 2) {
  let point = shopPoints.get(goods.shopId);
  if (!point) {
    const d = await ok<{ shop: { lat: number | null; lng: number | null } }>(
      await request.get(`${api}/shangjia/shangpin/shangjiaDetail/shangpinlist?shangjiaInfoId=${goods.shopId}`),
    );
    point = { lat: d.shop.lat ?? 0, lng: d.shop.lng ?? 0 };
    shopPoints.set(goods.shopId, point);
  }
  const extra = Object.entries(choice)
    .map(([k, v]) => `&${k}=${v}`)
    .join('');
  for (let ahead = fromDay; ahead <= 40; ahead++) {
    const date = new Date(Date.now() + 8 * 3600_000 + ahead * 86_400_000).toISOString().slice(0, 10);
    const day = await ok<{ slots: { at: string; available: boolean }[] }>(
      await request.get(`${api}/customer/slots?goodsId=${goods.id}&date=${date}${extra}`),
    );
    const free = day.slots.find((s) => s.available);
    if (free) return { appointmentAt: free.at, ...point };
  }
  throw new Error(`no free time for goods ${goods.id} in 40 days`);
}

/** What an order of the item's first specification sends (docs/goods-specifications.md): a band needs an area, others a quantity. */
export function specChoice(goods: { minQuantity: number; specs?: Spec[] }): Record<string, number> {
  const s = goods.specs?.[0];
  if (!s) return { quantity: Math.max(1, goods.minQuantity) };
  // Bands are half-open [areaMin, areaMax): the lower bound is inside, the upper one is not.
  if (s.mode === 'area_band') return { specId: s.id, area: s.areaMin || (s.areaMax ? s.areaMax - 1 : 60) };
  return { specId: s.id, quantity: Math.max(1, s.minQuantity) };
}

/** Places and pays an order of `goods` at its first free start from `fromDay` days ahead (bookable). */
export async function placeAndPay(
  request: APIRequestContext,
  headers: Record<string, string>,
  goods: SlotGoods,
  fromDay = 2,
) {
  const when = await bookable(request, goods, specChoice(goods), fromDay);
  const o = await ok<{ id: number; orderNo: string }>(
    await request.post(`${api}/customer/order/add`, {
      headers,
      form: {
        goodsId: goods.id,
        ...specChoice(goods),
        customerName: '周女士',
        customerPhone: '13700009999',
        address: '山西省运城市盐湖区测试大道 99 号 1-1-101',
        ...when,
        remark: 'E2E 实时订单',
      },
    }),
  );
  const payStarted = Date.now();
  const paid = await ok<{ verifyCode: string }>(
    await request.post(`${api}/customer/order/pay`, { headers, form: { id: o.id } }),
  );
  return { ...o, code: paid.verifyCode, payStarted };
}
