import { JINJIAN_KIND } from '@jz/contracts/jinjian';
import { createHash } from 'node:crypto';
import type { PaymentProvider, ProviderAnswer, QueryInput, Submission } from './types.ts';

/** Names that make the sandbox reject an application (for trying the 已驳回 path). */
export const SANDBOX_REJECT_NAME = '测试驳回';

/**
 * A local stand-in for the provider, the default. It keeps the provider's states: every application is 审核中 at
 * first and is decided when queried at least `delaySeconds` after submission. It rejects, with a reason, the test
 * name 测试驳回 anywhere in the names, and the checks a real provider makes on names: a personal card's holder must
 * be the person, a corporate account's name the company.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  constructor(
    private readonly delaySeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  async submit(): Promise<ProviderAnswer> {
    return { state: 'pending' };
  }

  async query(q: QueryInput): Promise<ProviderAnswer> {
    if (this.now() - Date.parse(q.submittedAt) < this.delaySeconds * 1000) return { state: 'pending' };
    const reason = this.rejection(q.submission);
    if (reason) return { state: 'rejected', reason };
    return { state: 'approved', providerMerchantNo: sandboxMerchantNo(q.submission.applyNo) };
  }

  private rejection(s: Submission): string | null {
    const b = s.body;
    const names =
      s.kind === JINJIAN_KIND.INDIVIDUAL
        ? [b.holderName, s.body.name]
        : [b.holderName, s.body.companyName, s.body.legalName, s.body.contactName];
    if (names.some((n) => n.includes(SANDBOX_REJECT_NAME)))
      return `（沙箱）资料审核未通过：户名「${SANDBOX_REJECT_NAME}」为测试驳回值，请修改后重新提交`;
    if (s.kind === JINJIAN_KIND.INDIVIDUAL && s.body.holderName !== s.body.name)
      return '结算银行卡持卡人须与身份证姓名一致';
    if (s.kind === JINJIAN_KIND.COMPANY && s.body.holderName !== s.body.companyName)
      return '对公账户户名须与企业名称一致';
    return null;
  }
}

/** A stable 16-digit merchant number, shaped like a Huifu huifu_id. */
export function sandboxMerchantNo(applyNo: string) {
  const n = BigInt(`0x${createHash('sha256').update(applyNo).digest('hex').slice(0, 15)}`) % 10n ** 12n;
  return `6666${n.toString().padStart(12, '0')}`;
}
