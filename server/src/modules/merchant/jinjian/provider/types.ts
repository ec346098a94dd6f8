import type { BankBranch } from '@jz/contracts/bank';
import type { JinjianGerenBody, JinjianQiyeBody } from '@jz/contracts/jinjian';

/** What an application holds, as the provider needs it (whole values: never sent to a client). */
export type Submission =
  | { kind: 1; applyNo: string; merchantId: number; body: JinjianGerenBody; branch: BankBranch }
  | { kind: 2; applyNo: string; merchantId: number; body: JinjianQiyeBody; branch: BankBranch };

/** The provider's view of an application, in our terms. */
export interface ProviderAnswer {
  state: 'pending' | 'approved' | 'rejected';
  /** The provider's id of the merchant (Huifu: huifu_id), as soon as it has one. */
  providerMerchantNo?: string | null;
  reason?: string;
}

export interface QueryInput {
  submission: Submission;
  providerMerchantNo: string | null;
  /** ISO time the application was submitted. */
  submittedAt: string;
}

/** A split-payment provider. The sandbox is the default; Huifu sits behind the same interface. */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'huifu';
  submit(s: Submission): Promise<ProviderAnswer>;
  query(q: QueryInput): Promise<ProviderAnswer>;
}

/** The provider could not be reached or answered something unusable: nothing is decided. */
export class ProviderError extends Error {}
