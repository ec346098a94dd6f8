import { createHmac, randomUUID } from 'node:crypto';

export interface AliyunSmsOptions {
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  fetchImpl?: typeof fetch;
}

/** RFC 3986 percent-encoding as Aliyun's RPC signature requires (space %20, * %2A, ~ kept). */
export const percentEncode = (s: string) =>
  encodeURIComponent(s)
    .replace(/!/g, '%21')
    .replace(/'/g, '%27')
    .replace(/\(/g, '%28')
    .replace(/\)/g, '%29')
    .replace(/\*/g, '%2A');

/** Aliyun RPC signature v1: HMAC-SHA1 over "GET&%2F&" + the encoded sorted query, key = secret + "&". */
export function signAliyun(params: Record<string, string>, secret: string, method = 'GET') {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
    .join('&');
  const toSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
}

/** Aliyun Dysms SendSms through the RPC API, signed per its documentation. */
export class AliyunSmsGateway {
  constructor(private o: AliyunSmsOptions) {}

  async sendCode(phone: string, code: string) {
    const params: Record<string, string> = {
      AccessKeyId: this.o.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: phone,
      RegionId: 'cn-hangzhou',
      SignName: this.o.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: this.o.templateCode,
      TemplateParam: JSON.stringify({ code }),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    params.Signature = signAliyun(params, this.o.accessKeySecret);
    const url = `${this.o.endpoint.replace(/\/?$/, '/')}?${new URLSearchParams(params)}`;
    const res = await (this.o.fetchImpl ?? fetch)(url, { signal: AbortSignal.timeout(5000) });
    const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
    if (body.Code !== 'OK') throw new Error(`aliyun sms failed: ${body.Code ?? res.status} ${body.Message ?? ''}`);
  }
}
