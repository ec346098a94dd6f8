/**
 * The payment provider's payout (代付) interface. The sandbox is the default: it "pays" at once and answers a trade
 * number, except for test card numbers ending in 0000, which fail as a real bank would refuse an invalid account.
 */
export interface PayoutRequest {
  withdrawNo: string;
  amount: number;
  cardNo: string;
  holderName: string;
  bankName: string;
  branchCode: string;
  cardType: number;
}

export type PayoutResult = { ok: true; tradeNo: string } | { ok: false; reason: string };

export interface PayoutProvider {
  readonly name: string;
  pay(req: PayoutRequest): Promise<PayoutResult>;
}

export const SANDBOX_FAIL_SUFFIX = '0000';

export const sandboxPayout: PayoutProvider = {
  name: 'sandbox',
  async pay(req) {
    if (req.cardNo.endsWith(SANDBOX_FAIL_SUFFIX))
      return { ok: false, reason: '收款账户状态异常，银行拒绝入账（沙箱测试卡）' };
    return { ok: true, tradeNo: `SBX${req.withdrawNo}` };
  },
};

const current: PayoutProvider = sandboxPayout;
/** The provider in use: the sandbox until a real provider is wired in here. */
export const payoutProvider = () => current;
