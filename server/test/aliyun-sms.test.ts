import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { AliyunSmsGateway, type AliyunSmsOptions, percentEncode, signAliyun } from '../src/modules/auth/sms/aliyun.ts';
import { ConsoleSmsGateway, createSmsGateway } from '../src/modules/auth/sms/gateway.ts';
import { expectEvery } from './helpers/index.ts';

const KEY_ID = 'LTAI-test-key';
const SECRET = 'test-secret/with+odd=chars';

/** What the fake does instead of answering normally: drop the connection, stall, or answer a status/code. */
type Trouble = 'reset' | { delayMs: number } | { status: number; Code?: string };

/**
 * A stand-in for dysmsapi.aliyuncs.com: recomputes the RPC signature from what it received. `trouble` scripts the
 * next answers for a phone number (one entry per request, then normal answers again).
 */
async function fakeAliyun() {
  const received: Record<string, string>[] = [];
  const trouble = new Map<string, Trouble[]>();
  const server: FastifyInstance = Fastify({ logger: false });
  server.get('/', async (req, reply) => {
    const { Signature, ...params } = req.query as Record<string, string>;
    received.push({ Signature, ...params });
    const t = trouble.get(params.PhoneNumbers)?.shift();
    if (t === 'reset') {
      reply.hijack();
      req.raw.socket.destroy();
      return;
    }
    if (t && 'delayMs' in t) await new Promise((r) => setTimeout(r, t.delayMs));
    else if (t) return reply.status(t.status).send(t.Code ? { Code: t.Code, Message: 'scripted' } : 'Bad Gateway');
    if (params.AccessKeyId !== KEY_ID)
      return { Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' };
    if (!Signature || signAliyun(params, SECRET) !== Signature)
      return { Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' };
    if (params.Action !== 'SendSms') return { Code: 'InvalidAction' };
    return {
      Code: 'OK',
      Message: 'OK',
      BizId: '900619746936498440^0',
      RequestId: 'F655A8D5-B967-440B-8683-DAD6FF8DE990',
    };
  });
  const address = await server.listen({ host: '127.0.0.1', port: 0 });
  return { server, received, trouble, endpoint: `${address}/` };
}

describe('the Aliyun SMS adapter', () => {
  let fake: Awaited<ReturnType<typeof fakeAliyun>>;
  beforeAll(async () => {
    fake = await fakeAliyun();
  });
  afterAll(() => fake?.server.close());

  const retries: { attempt: number; reason: string }[] = [];
  const gateway = (secret = SECRET, keyId = KEY_ID, more: Partial<AliyunSmsOptions> = {}) =>
    new AliyunSmsGateway({
      endpoint: fake.endpoint,
      accessKeyId: keyId,
      accessKeySecret: secret,
      signName: '家政商家后台',
      templateCode: 'SMS_123456789',
      backoffMs: 5,
      onRetry: ({ attempt, reason }) => retries.push({ attempt, reason }),
      ...more,
    });
  /** The requests the fake received for `phone` while `run` ran. */
  const triesOf = async (phone: string, run: () => Promise<unknown>) => {
    const from = fake.received.length;
    await run().catch(() => {});
    return fake.received.slice(from).filter((q) => q.PhoneNumbers === phone);
  };

  it('signs the documented example exactly as Aliyun does', () => {
    // The worked example of Aliyun's "RPC signature" documentation for Dysms SendSms.
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(signAliyun(params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it('percent-encodes per RFC 3986 (space %20, * %2A, ~ kept)', () => {
    expect(percentEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
    expect(percentEncode('验证')).toBe('%E9%AA%8C%E8%AF%81');
  });

  it('sends a correctly signed SendSms request', async () => {
    await expect(gateway().sendCode('13800000001', '123456')).resolves.toBeUndefined();
    const q = fake.received.at(-1)!;
    expect(q).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      PhoneNumbers: '13800000001',
      SignName: '家政商家后台',
      TemplateCode: 'SMS_123456789',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      Format: 'JSON',
    });
    expect(JSON.parse(q.TemplateParam)).toEqual({ code: '123456' });
    expect(q.Timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(q.SignatureNonce).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('uses a fresh nonce for every request (no replay)', async () => {
    await gateway().sendCode('13800000001', '111111');
    await gateway().sendCode('13800000001', '222222');
    const [a, b] = fake.received.slice(-2);
    expect(a.SignatureNonce).not.toBe(b.SignatureNonce);
  });

  it('fails with the provider code on a bad secret or key', async () => {
    await expect(gateway('not-the-secret').sendCode('13800000001', '123456')).rejects.toThrow(
      /aliyun sms failed: SignatureDoesNotMatch/,
    );
    await expect(gateway(SECRET, 'other-key').sendCode('13800000001', '123456')).rejects.toThrow(/InvalidAccessKeyId/);
  });

  it('fails when the provider answers something that is not its JSON', async () => {
    const broken = new AliyunSmsGateway({
      endpoint: `${fake.endpoint}missing/`,
      accessKeyId: KEY_ID,
      accessKeySecret: SECRET,
      signName: 's',
      templateCode: 't',
    });
    await expect(broken.sendCode('13800000001', '123456')).rejects.toThrow(/aliyun sms failed: 404/);
  });

  it('tries again after a dropped connection, a 5xx and throttling, each try signed anew', async () => {
    const phone = '13800000011';
    fake.trouble.set(phone, ['reset', { status: 503 }, { status: 400, Code: 'Throttling.User' }]);
    retries.length = 0;
    const tries = await triesOf(phone, () =>
      expect(gateway(SECRET, KEY_ID, { attempts: 4 }).sendCode(phone, '123456')).resolves.toBeUndefined(),
    );
    expect(tries).toHaveLength(4);
    expect(new Set(tries.map((q) => q.SignatureNonce)).size).toBe(4);
    expectEvery(tries, (q) => q.TemplateParam === '{"code":"123456"}');
    expect(retries.map((r) => r.reason)).toEqual([
      expect.stringMatching(/network error/),
      'aliyun sms failed: 503',
      'aliyun sms failed: Throttling.User scripted',
    ]);
  });

  it('tries again when a try times out', async () => {
    const phone = '13800000012';
    fake.trouble.set(phone, [{ delayMs: 400 }]);
    const tries = await triesOf(phone, () =>
      expect(gateway(SECRET, KEY_ID, { timeoutMs: 150 }).sendCode(phone, '123456')).resolves.toBeUndefined(),
    );
    expect(tries).toHaveLength(2);
  });

  it('gives up after its tries, naming the last answer', async () => {
    const phone = '13800000013';
    fake.trouble.set(phone, [
      { status: 500, Code: 'isp.SYSTEM_ERROR' },
      { status: 502 },
      { status: 502 },
      { status: 502 },
    ]);
    const tries = await triesOf(phone, () =>
      expect(gateway().sendCode(phone, '123456')).rejects.toThrow('aliyun sms failed: 502 (after 3 tries)'),
    );
    expect(tries).toHaveLength(3);
    fake.trouble.delete(phone);
  });

  it('never retries a definite refusal', async () => {
    const phone = '13800000014';
    fake.trouble.set(phone, [{ status: 200, Code: 'isv.BUSINESS_LIMIT_CONTROL' }]);
    const limited = await triesOf(phone, () =>
      expect(gateway().sendCode(phone, '123456')).rejects.toThrow(
        /^aliyun sms failed: isv.BUSINESS_LIMIT_CONTROL scripted$/,
      ),
    );
    expect(limited).toHaveLength(1);
    expect(await triesOf(phone, () => gateway('not-the-secret').sendCode(phone, '123456'))).toHaveLength(1);
    // A 4xx that is not the API's JSON (a wrong endpoint path): not retried either.
    retries.length = 0;
    await expect(
      gateway(SECRET, KEY_ID, { endpoint: `${fake.endpoint}missing/` }).sendCode(phone, '123456'),
    ).rejects.toThrow(/^aliyun sms failed: 404$/);
    expect(retries).toEqual([]);
  });

  it('starts no retry past its deadline', async () => {
    const phone = '13800000015';
    fake.trouble.set(phone, [{ status: 503 }, { status: 503 }]);
    const tries = await triesOf(phone, () =>
      expect(gateway(SECRET, KEY_ID, { backoffMs: 400, deadlineMs: 300 }).sendCode(phone, '1')).rejects.toThrow(
        /^aliyun sms failed: 503$/,
      ),
    );
    expect(tries).toHaveLength(1);
    fake.trouble.delete(phone);
  });

  it('is what SMS_PROVIDER=aliyun builds, and refuses to build without its credentials', async () => {
    const log = { info: () => {} } as never;
    const env = {
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ENDPOINT: fake.endpoint,
      ALIYUN_SMS_ACCESS_KEY_ID: KEY_ID,
      ALIYUN_SMS_ACCESS_KEY_SECRET: SECRET,
      ALIYUN_SMS_SIGN_NAME: '家政商家后台',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
    };
    const gw = createSmsGateway(loadConfig(env), log);
    expect(gw).toBeInstanceOf(AliyunSmsGateway);
    await gw.sendCode('13800000002', '654321');
    expect(fake.received.at(-1)).toMatchObject({ PhoneNumbers: '13800000002', TemplateCode: 'SMS_1' });
    expect(() => createSmsGateway(loadConfig({ ...env, ALIYUN_SMS_ACCESS_KEY_SECRET: undefined }), log)).toThrow(
      /ALIYUN_SMS_ACCESS_KEY_ID/,
    );
  });
});

describe('the console SMS gateway (the default)', () => {
  it('is what an unset SMS_PROVIDER builds, and writes the code to the server log instead of a phone', async () => {
    const lines: { obj: unknown; msg: string }[] = [];
    const log = { info: (obj: unknown, msg: string) => lines.push({ obj, msg }) } as never;
    const gw = createSmsGateway(loadConfig({}), log);
    expect(gw).toBeInstanceOf(ConsoleSmsGateway);
    await gw.sendCode('13800000001', '135790');
    expect(lines).toEqual([{ obj: { phone: '13800000001' }, msg: expect.stringContaining('验证码 135790') }]);
  });
});
