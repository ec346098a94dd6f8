import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { maskPhone } from '@jz/contracts/mask';
import type { NotifyEvent } from '@jz/contracts/notify';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import { AliyunSmsError, AliyunSmsGateway } from '../../auth/sms/aliyun.ts';
import type { Params } from './texts.ts';

/** One message as the gateway sends it; `key` is the outbox row's idempotency key. */
export interface NoticeSend {
  phone: string;
  event: NotifyEvent;
  params: Params;
  content: string;
  key: string;
}

/** A send that did not go; `retryable` when a later try may (network, the provider's system error). */
export class NoticeSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** Where customer and staff messages go: the console (development) or Aliyun SMS templates (production). */
export interface NoticeGateway {
  send(m: NoticeSend): Promise<void>;
  /**
   * Whether a send with this key already reached the provider (asked before sending a row whose last delivery died
   * mid-way); null when the provider cannot tell, and the row is then sent again.
   */
  sentBefore(m: NoticeSend, since: string): Promise<boolean | null>;
}

/**
 * Development: the message is logged (phone masked) and, with NOTIFY_SMS_LOG_FILE, appended to that file as a JSON
 * line (the provider's record: sentBefore reads it back). NOTIFY_SMS_DELAY_MS delays each send's answer after the
 * message is out (tests that kill an instance between sending and recording).
 */
export class ConsoleNoticeGateway implements NoticeGateway {
  constructor(
    private log: Pick<FastifyBaseLogger, 'info'>,
    private file?: string,
    private delayMs = 0,
  ) {}
  async send(m: NoticeSend) {
    if (this.file)
      appendFileSync(
        this.file,
        `${JSON.stringify({ key: m.key, phone: m.phone, event: m.event, content: m.content, at: new Date().toISOString(), pid: process.pid })}\n`,
      );
    this.log.info(
      { phone: maskPhone(m.phone), event: m.event, key: m.key },
      `【短信通知】${m.content}（console SMS gateway）`,
    );
    // A slow provider answer: the message is out, its row not yet marked sent (the window a kill test aims at).
    if (this.delayMs) await sleep(this.delayMs);
  }
  async sentBefore(m: NoticeSend) {
    if (!this.file || !existsSync(this.file)) return this.file ? false : null;
    return readFileSync(this.file, 'utf8')
      .split('\n')
      .some((l) => l.includes(`"key":${JSON.stringify(m.key)}`));
  }
}

/** Production: each event's Aliyun template (NOTIFY_SMS_TEMPLATES) with the row's key as OutId. */
export class AliyunNoticeGateway implements NoticeGateway {
  constructor(
    private sms: AliyunSmsGateway,
    private templates: Partial<Record<NotifyEvent, string>>,
    private signName?: string,
  ) {}
  async send(m: NoticeSend) {
    const templateCode = this.templates[m.event];
    if (!templateCode) throw new NoticeSendError(`未配置短信模板（${m.event}）`, false);
    try {
      await this.sms.send({ phone: m.phone, templateCode, params: m.params, signName: this.signName, outId: m.key });
    } catch (e) {
      if (e instanceof AliyunSmsError) throw new NoticeSendError(e.message, e.retryable);
      throw e;
    }
  }
  async sentBefore(m: NoticeSend, since: string) {
    const days = new Set([since, new Date().toISOString()].map((d) => shanghaiYmd(d)));
    for (const day of days) if (await this.sms.sentWith(m.phone, day, m.key)) return true;
    return false;
  }
}

const shanghaiYmd = (iso: string) =>
  new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');

/** 'customer_accepted:SMS_1,staff_assigned:SMS_2' → { customer_accepted: 'SMS_1', … }. */
export function parseTemplates(spec: string | undefined): Partial<Record<NotifyEvent, string>> {
  const out: Record<string, string> = {};
  for (const part of (spec ?? '').split(',')) {
    const [event, code] = part.split(':').map((s) => s.trim());
    if (event && code) out[event] = code;
  }
  return out;
}

export function createNoticeGateway(config: Config, log: FastifyBaseLogger): NoticeGateway {
  if (config.SMS_PROVIDER === 'aliyun') {
    const { ALIYUN_SMS_ACCESS_KEY_ID: id, ALIYUN_SMS_ACCESS_KEY_SECRET: secret } = config;
    const sign = config.NOTIFY_SMS_SIGN_NAME ?? config.ALIYUN_SMS_SIGN_NAME;
    if (!id || !secret || !sign)
      throw new Error('SMS_PROVIDER=aliyun needs ALIYUN_SMS_ACCESS_KEY_ID, _SECRET and a sign name');
    const sms = new AliyunSmsGateway({
      endpoint: config.ALIYUN_SMS_ENDPOINT,
      accessKeyId: id,
      accessKeySecret: secret,
      signName: sign,
      templateCode: config.ALIYUN_SMS_TEMPLATE_CODE ?? '',
      onRetry: ({ attempt, reason, waitMs }) => log.warn({ attempt, waitMs }, `notice sms retried: ${reason}`),
    });
    return new AliyunNoticeGateway(sms, parseTemplates(config.NOTIFY_SMS_TEMPLATES), sign);
  }
  return new ConsoleNoticeGateway(log, config.NOTIFY_SMS_LOG_FILE, config.NOTIFY_SMS_DELAY_MS);
}
