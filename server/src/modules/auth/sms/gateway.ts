import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config.ts';
import { AliyunSmsGateway } from './aliyun.ts';

/** Sends a verification code by SMS. Implementations: console (default), aliyun, and the tests' recording fake. */
export interface SmsGateway {
  sendCode(phone: string, code: string): Promise<void>;
}

/** Development default: the code goes to the server log instead of a phone. */
export class ConsoleSmsGateway implements SmsGateway {
  constructor(private log: Pick<FastifyBaseLogger, 'info'>) {}
  async sendCode(phone: string, code: string) {
    this.log.info({ phone }, `【家政商家后台】验证码 ${code}，5 分钟内有效（console SMS gateway）`);
  }
}

/** Keeps what was sent so tests can read the code a user would receive. */
export class RecordingSmsGateway implements SmsGateway {
  sent: { phone: string; code: string }[] = [];
  async sendCode(phone: string, code: string) {
    this.sent.push({ phone, code });
  }
  lastCodeFor(phone: string) {
    return this.sent.filter((s) => s.phone === phone).at(-1)?.code;
  }
}

export function createSmsGateway(config: Config, log: FastifyBaseLogger): SmsGateway {
  if (config.SMS_PROVIDER === 'aliyun') {
    const {
      ALIYUN_SMS_ACCESS_KEY_ID: id,
      ALIYUN_SMS_ACCESS_KEY_SECRET: secret,
      ALIYUN_SMS_SIGN_NAME: sign,
      ALIYUN_SMS_TEMPLATE_CODE: tpl,
    } = config;
    if (!id || !secret || !sign || !tpl)
      throw new Error('SMS_PROVIDER=aliyun needs ALIYUN_SMS_ACCESS_KEY_ID, _SECRET, _SIGN_NAME and _TEMPLATE_CODE');
    return new AliyunSmsGateway({
      endpoint: config.ALIYUN_SMS_ENDPOINT,
      accessKeyId: id,
      accessKeySecret: secret,
      signName: sign,
      templateCode: tpl,
      onRetry: ({ attempt, reason, waitMs }) => log.warn({ attempt, waitMs }, `sms send retried: ${reason}`),
    });
  }
  return new ConsoleSmsGateway(log);
}
