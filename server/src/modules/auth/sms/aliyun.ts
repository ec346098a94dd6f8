import { createHmac, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

export interface AliyunSmsOptions {
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  fetchImpl?: typeof fetch;
  /** Tries in all, the first included (default 3). */
  attempts?: number;
  /** Wait before the first retry, doubled for each further one, plus up to as much again at random (default 300 ms). */
  backoffMs?: number;
  /** One try's limit (default 5 s). */
  timeoutMs?: number;
  /** No retry starts after this long since the first try (default 10 s): the person is waiting for the answer. */
  deadlineMs?: number;
  /** Told of every retry (the gateway's logger). */
  onRetry?: (info: { attempt: number; reason: string; waitMs: number }) => void;
}

/**
 * Answers that mean "not now" rather than "no": the API gateway's throttling, its 5xx codes, Dysms's own system error.
 * Every other code (isv.BUSINESS_LIMIT_CONTROL, a bad signature, a template not approved, no balance...) is a definite
 * refusal that a retry would only repeat; BUSINESS_LIMIT_CONTROL is the per-phone flow control (1 a minute), which a
 * retry seconds later only trips again.
 */
const TRANSIENT_CODE = /^(Throttling(\..+)?|ServiceUnavailable|InternalError|isp\.SYSTEM_ERROR)$/;

/** A failed SendSms; `retryable` when another try may go through. */
export class AliyunSmsError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'AliyunSmsError';
  }
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

/**
 * Aliyun Dysms SendSms through the RPC API, signed per its documentation, with a bounded retry: a network error, a
 * timeout, an HTTP 5xx/429 or a transient code is tried again (each try signed anew: fresh nonce and timestamp) after
 * an exponential back-off with jitter, at most `attempts` tries within `deadlineMs`. A try that timed out or lost its
 * connection may still have sent the SMS; its retry carries the same code, so the worst case is a second identical
 * message, while not retrying would fail the sign-in of someone whose SMS is merely slow.
 */
export class AliyunSmsGateway {
  constructor(private o: AliyunSmsOptions) {}

  async sendCode(phone: string, code: string) {
    return this.send({ phone, templateCode: this.o.templateCode, params: { code } });
  }

  /**
   * Any template (the customer and staff messages), with the bounded retry of sendCode. `outId` goes to Aliyun as
   * OutId: it comes back in the delivery receipts and in QuerySendDetails, which sentWith() reads.
   */
  async send(req: AliyunSend) {
    const attempts = this.o.attempts ?? 3;
    const backoff = this.o.backoffMs ?? 300;
    const deadline = Date.now() + (this.o.deadlineMs ?? 10_000);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.sendOnce(req, Math.max(1, Math.min(this.o.timeoutMs ?? 5000, deadline - Date.now())));
      } catch (e) {
        const err = e instanceof AliyunSmsError ? e : networkError(e);
        const waitMs = Math.round(backoff * 2 ** (attempt - 1) * (1 + Math.random()));
        if (!err.retryable || attempt >= attempts || Date.now() + waitMs >= deadline) {
          if (attempt > 1) err.message += ` (after ${attempt} tries)`;
          throw err;
        }
        this.o.onRetry?.({ attempt, reason: err.message, waitMs });
        await sleep(waitMs);
      }
    }
  }

  /**
   * Whether Aliyun holds a message to `phone` sent on `day` (YYYYMMDD) with this OutId (QuerySendDetails, first 50 of
   * the day): how a delivery that died between sending and recording learns whether its send went out.
   */
  async sentWith(phone: string, day: string, outId: string): Promise<boolean> {
    const body = await this.call(
      { Action: 'QuerySendDetails', PhoneNumber: phone, SendDate: day, PageSize: '50', CurrentPage: '1' },
      this.o.timeoutMs ?? 5000,
    );
    const list = (body.SmsSendDetailDTOs as { SmsSendDetailDTO?: { OutId?: string }[] } | undefined)?.SmsSendDetailDTO;
    return (list ?? []).some((d) => d.OutId === outId);
  }

  private async sendOnce(req: AliyunSend, timeoutMs: number) {
    await this.call(
      {
        Action: 'SendSms',
        PhoneNumbers: req.phone,
        SignName: req.signName ?? this.o.signName,
        TemplateCode: req.templateCode,
        TemplateParam: JSON.stringify(req.params),
        ...(req.outId ? { OutId: req.outId } : {}),
      },
      timeoutMs,
    );
  }

  /** One signed RPC call; answers the body when its Code is OK, else throws (retryable or not). */
  private async call(action: Record<string, string>, timeoutMs: number): Promise<Record<string, unknown>> {
    const params: Record<string, string> = {
      AccessKeyId: this.o.accessKeyId,
      Format: 'JSON',
      RegionId: 'cn-hangzhou',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
      ...action,
    };
    params.Signature = signAliyun(params, this.o.accessKeySecret);
    const url = `${this.o.endpoint.replace(/\/?$/, '/')}?${new URLSearchParams(params)}`;
    const res = await (this.o.fetchImpl ?? fetch)(url, { signal: AbortSignal.timeout(timeoutMs) });
    const body = (await res.json().catch(() => ({}))) as { Code?: string; Message?: string };
    if (body.Code === 'OK') return body;
    const retryable = body.Code ? TRANSIENT_CODE.test(body.Code) : res.status >= 500 || res.status === 429;
    throw new AliyunSmsError(`aliyun sms failed: ${body.Code ?? res.status} ${body.Message ?? ''}`.trim(), retryable);
  }
}

/** One SendSms: the template, its parameters, and the caller's id for the message (OutId). */
export interface AliyunSend {
  phone: string;
  templateCode: string;
  params: Record<string, string>;
  signName?: string;
  outId?: string;
}

/** fetch itself failed: no connection, reset, DNS, or the try's timeout. Always worth another try. */
function networkError(e: unknown): AliyunSmsError {
  const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  const why = err.name === 'TimeoutError' ? 'timeout' : (err.cause?.code ?? err.cause?.message ?? err.message);
  return new AliyunSmsError(`aliyun sms failed: network error (${why})`, true);
}
