import { JINJIAN_KIND } from '@jz/contracts/jinjian';
import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { dayjs, TZ } from '../../../../lib/time.ts';
import type { PaymentProvider, ProviderAnswer, QueryInput, Submission } from './types.ts';
import { ProviderError } from './types.ts';

/**
 * Huifu (汇付斗拱) adapter. Every request is `{ sys_id, product_id, data, sign }` where `sign` is the base64
 * SHA256WithRSA signature of `data` serialised as JSON with its keys in ascending order, made with the merchant's
 * private key; every answer is `{ data, sign }` and is accepted only when `sign` verifies against Huifu's public key
 * over the same serialisation. Nested objects travel as JSON strings inside `data`, as the public API documents.
 *
 * Onboarding = basic data (个人 /v2/user/basicdata/indv, 企业 /v2/user/basicdata/ent, answering huifu_id), then the
 * business opening with the settlement card (/v2/user/busi/open). Status: /v2/user/basicdata/query.
 */
export interface HuifuOptions {
  apiBase: string;
  sysId: string;
  productId: string;
  upperHuifuId?: string;
  /** The merchant's RSA private key: PEM, or the bare base64 PKCS#8 DER Huifu's console hands out. */
  privateKey: string;
  /** Huifu's RSA public key: PEM, or bare base64 SPKI DER. */
  huifuPublicKey: string;
  timeoutMs: number;
}

export const HUIFU_PATHS = {
  indv: '/v2/user/basicdata/indv',
  ent: '/v2/user/basicdata/ent',
  busiOpen: '/v2/user/busi/open',
  query: '/v2/user/basicdata/query',
} as const;

/** resp_code values: success, accepted/processing. Codes starting with 9 are system errors (nothing decided). */
const OK_CODES = new Set(['00000000', '00000100']);

const pemOf = (key: string, label: 'PRIVATE KEY' | 'PUBLIC KEY') =>
  key.includes('-----BEGIN')
    ? key
    : `-----BEGIN ${label}-----\n${key.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n')}\n-----END ${label}-----\n`;

export const privateKeyOf = (key: string): KeyObject => createPrivateKey(pemOf(key, 'PRIVATE KEY'));
export const publicKeyOf = (key: string): KeyObject => createPublicKey(pemOf(key, 'PUBLIC KEY'));

/** JSON with object keys in ascending order at every level: the text that is signed. */
export function canonicalJson(value: unknown): string {
  const sortDeep = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sortDeep);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.keys(v as object)
          .sort()
          .map((k) => [k, sortDeep((v as Record<string, unknown>)[k])]),
      );
    return v;
  };
  return JSON.stringify(sortDeep(value));
}

export const signData = (data: unknown, key: KeyObject) =>
  sign('sha256', Buffer.from(canonicalJson(data), 'utf8'), key).toString('base64');

export function verifyData(data: unknown, signature: string, key: KeyObject) {
  try {
    return verify('sha256', Buffer.from(canonicalJson(data), 'utf8'), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

const ymd = (d: string | undefined) => (d ? d.replace(/-/g, '') : '');

export class HuifuProvider implements PaymentProvider {
  readonly name = 'huifu' as const;
  private readonly key: KeyObject;
  private readonly huifuKey: KeyObject;

  constructor(private readonly o: HuifuOptions) {
    this.key = privateKeyOf(o.privateKey);
    this.huifuKey = publicKeyOf(o.huifuPublicKey);
  }

  /** Signs and posts one request; answers the verified `data` of the reply. */
  async call(path: string, data: Record<string, unknown>): Promise<Record<string, unknown>> {
    const body = { sys_id: this.o.sysId, product_id: this.o.productId, data, sign: signData(data, this.key) };
    let res: Response;
    try {
      res = await fetch(`${this.o.apiBase.replace(/\/$/, '')}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.o.timeoutMs),
      });
    } catch (err) {
      throw new ProviderError(`汇付接口无法连接：${(err as Error).message}`);
    }
    if (!res.ok) throw new ProviderError(`汇付接口异常（HTTP ${res.status}）`);
    let reply: { data?: Record<string, unknown>; sign?: string };
    try {
      reply = (await res.json()) as typeof reply;
    } catch {
      throw new ProviderError('汇付应答不是 JSON');
    }
    if (!reply.data || typeof reply.sign !== 'string' || !verifyData(reply.data, reply.sign, this.huifuKey))
      throw new ProviderError('汇付应答验签失败');
    const code = String(reply.data.resp_code ?? '');
    if (code.startsWith('9')) throw new ProviderError(`汇付系统异常：${reply.data.resp_desc ?? code}`);
    return reply.data;
  }

  private base(reqSeqId: string) {
    return { req_seq_id: reqSeqId, req_date: dayjs().tz(TZ).format('YYYYMMDD') };
  }

  async submit(s: Submission): Promise<ProviderAnswer> {
    const basic =
      s.kind === JINJIAN_KIND.INDIVIDUAL
        ? await this.call(HUIFU_PATHS.indv, this.indvData(s))
        : await this.call(HUIFU_PATHS.ent, this.entData(s));
    if (!OK_CODES.has(String(basic.resp_code)))
      return { state: 'rejected', reason: String(basic.resp_desc ?? '资料审核未通过') };
    const huifuId = String(basic.huifu_id ?? '');
    if (!huifuId) throw new ProviderError('汇付应答缺少 huifu_id');

    const open = await this.call(HUIFU_PATHS.busiOpen, {
      ...this.base(`${s.applyNo}B`),
      huifu_id: huifuId,
      upper_huifu_id: this.o.upperHuifuId ?? this.o.sysId,
      card_info: JSON.stringify(this.cardInfo(s)),
      settle_config: JSON.stringify({ settle_cycle: 'T1', settle_status: '1' }),
    });
    if (!OK_CODES.has(String(open.resp_code)))
      return { state: 'rejected', reason: String(open.resp_desc ?? '结算账户审核未通过'), providerMerchantNo: huifuId };
    return {
      state: String(open.resp_code) === '00000000' && open.audit_state === 'Y' ? 'approved' : 'pending',
      providerMerchantNo: huifuId,
    };
  }

  async query(q: QueryInput): Promise<ProviderAnswer> {
    if (!q.providerMerchantNo) return { state: 'pending' };
    const r = await this.call(HUIFU_PATHS.query, {
      ...this.base(`${q.submission.applyNo}Q${Date.now()}`),
      huifu_id: q.providerMerchantNo,
    });
    if (!OK_CODES.has(String(r.resp_code))) return { state: 'pending', providerMerchantNo: q.providerMerchantNo };
    const audit = String(r.audit_state ?? '');
    if (audit === 'Y') return { state: 'approved', providerMerchantNo: q.providerMerchantNo };
    if (audit === 'N')
      return {
        state: 'rejected',
        reason: String(r.audit_desc ?? '审核未通过'),
        providerMerchantNo: q.providerMerchantNo,
      };
    return { state: 'pending', providerMerchantNo: q.providerMerchantNo };
  }

  private indvData(s: Extract<Submission, { kind: 1 }>) {
    const b = s.body;
    return {
      ...this.base(s.applyNo),
      name: b.name,
      cert_type: b.certType,
      cert_no: b.idCardNo,
      cert_validity_type: b.certValidityType,
      cert_begin_date: ymd(b.certBeginDate),
      cert_end_date: b.certValidityType === '1' ? '' : ymd(b.certEndDate),
      mobile_no: b.mobile,
      file_info: JSON.stringify({ cert_front_url: b.idCardFrontUrl, cert_back_url: b.idCardBackUrl }),
    };
  }

  private entData(s: Extract<Submission, { kind: 2 }>) {
    const b = s.body;
    return {
      ...this.base(s.applyNo),
      reg_name: b.companyName,
      license_code: b.licenseCode,
      license_validity_type: b.licenseValidityType,
      license_begin_date: ymd(b.licenseBeginDate),
      license_end_date: b.licenseValidityType === '1' ? '' : ymd(b.licenseEndDate),
      reg_prov_id: b.provinceCode,
      reg_area_id: b.cityCode,
      reg_district_id: b.districtCode,
      reg_detail: b.address,
      legal_name: b.legalName,
      legal_cert_type: '00',
      legal_cert_no: b.legalIdCardNo,
      legal_cert_validity_type: b.legalValidityType,
      legal_cert_begin_date: ymd(b.legalBeginDate),
      legal_cert_end_date: b.legalValidityType === '1' ? '' : ymd(b.legalEndDate),
      contact_name: b.contactName,
      contact_mobile: b.contactMobile,
      file_info: JSON.stringify({ license_url: b.licenseUrl }),
    };
  }

  private cardInfo(s: Submission) {
    const b = s.body;
    return {
      card_type: s.kind === JINJIAN_KIND.INDIVIDUAL ? '1' : '0', // Huifu: 0 对公 / 1 对私
      card_name: b.holderName,
      card_no: b.cardNo,
      bank_name: s.branch?.bankName ?? b.bankName,
      branch_code: s.branch?.code ?? '',
      branch_name: s.branch?.branchName ?? '',
      ...(s.kind === JINJIAN_KIND.INDIVIDUAL
        ? { cert_type: '00', cert_no: s.body.idCardNo, mp: s.body.cardMobile }
        : {}),
    };
  }
}
