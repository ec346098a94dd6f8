import { randomBytes } from 'node:crypto';

/**
 * The payment provider the customer pays through and the merchant refunds through. The sandbox default settles at
 * once and never touches money; a real provider (WeChat Pay, Huifu) implements the same two calls.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Charges `amount` fen for an order; answers the provider's transaction number. */
  charge(input: { orderNo: string; amount: number; payer: string }): Promise<{ payNo: string }>;
  /** Refunds a charge in full; answers the refund number, or throws when the provider refuses. */
  refund(input: { orderNo: string; payNo: string | null; amount: number }): Promise<{ refundNo: string }>;
}

const serial = (prefix: string) =>
  `${prefix}${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}${randomBytes(5).toString('hex').toUpperCase()}`;

export const sandboxPayment: PaymentProvider = {
  name: 'sandbox',
  async charge({ amount }) {
    if (!Number.isInteger(amount) || amount <= 0) throw new Error('sandbox: amount must be positive fen');
    return { payNo: serial('SBX') };
  },
  async refund() {
    return { refundNo: serial('SBR') };
  },
};

const current: PaymentProvider = sandboxPayment;
/** The provider in use: the sandbox until a real provider is wired in here. */
export const paymentProvider = () => current;
