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
  const page = await ok<{ records: { id: number; shopName: string; minQuantity: number; name: string }[] }>(
    await request.get(`${api}/shangjia/shangpin/weapp/findAllByPage?pageSize=100`),
  );
  const g = page.records.find((r) => r.shopName === shopName);
  expect(g, `an on-shelf goods item of ${shopName}`).toBeTruthy();
  return g!;
}

export async function placeAndPay(
  request: APIRequestContext,
  headers: Record<string, string>,
  goods: { id: number; minQuantity: number },
) {
  const o = await ok<{ id: number; orderNo: string }>(
    await request.post(`${api}/customer/order/add`, {
      headers,
      form: {
        goodsId: goods.id,
        quantity: Math.max(1, goods.minQuantity),
        customerName: '周女士',
        customerPhone: '13700009999',
        address: '山西省运城市盐湖区测试大道 99 号 1-1-101',
        lat: 35.03,
        lng: 111.005,
        appointmentAt: new Date(Date.now() + 2 * 86400_000).toISOString(),
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
