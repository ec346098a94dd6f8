import { type APIRequestContext, expect } from '@playwright/test';

const CLIENT = 'jiazheng-merchant-pc';

/** Signs a demo phone in through the API (demo SMS code) and answers its token. */
export async function tokenFor(request: APIRequestContext, phone: string) {
  const headers = { client: CLIENT };
  await request.post('/tmpl/api/app/jiazheng/login/sms/sendCode', { form: { phone }, headers });
  const res = await request.post('/tmpl/api/app/jiazheng/login/sms/login', {
    form: { phone, code: '123456' },
    headers,
  });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(200);
  return body.result.token as string;
}

/** A small signed-in API client answering the parsed envelope; for setting up and cleaning up around browser steps. */
export function client(request: APIRequestContext, token: string) {
  const headers = { client: CLIENT, authorization: `Bearer ${token}` };
  const unwrap = async (p: Promise<{ json: () => Promise<any> }>) => (await p).json();
  return {
    get: (url: string, params: Record<string, string | number> = {}) =>
      unwrap(request.get(`/tmpl/api/${url}`, { params, headers })),
    post: (url: string, form: Record<string, string | number>) =>
      unwrap(request.post(`/tmpl/api/${url}`, { form, headers })),
    del: (url: string) => unwrap(request.delete(`/tmpl/api/${url}`, { headers })),
  };
}

export async function clientFor(request: APIRequestContext, phone: string) {
  return client(request, await tokenFor(request, phone));
}

/**
 * Makes the merchant's main shop (no parent) its current shop again. Specs share one database: one that switches
 * the owner to a branch must not change what the next spec sees.
 */
export async function useMainShop(request: APIRequestContext, phone: string) {
  const api = await clientFor(request, phone);
  const init = await api.get('app/jiazheng/page/initPc');
  const main = (init.result.allDianpu as { id: number; parentId: number | null }[]).find((s) => s.parentId === null);
  expect(main, 'the merchant has a main shop').toBeDefined();
  const r = await api.post('app/jiazheng/shangjia/info/setCurDianpu', { id: main!.id });
  expect(r.code, JSON.stringify(r)).toBe(200);
}
