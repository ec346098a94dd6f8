/**
 * The one withdrawal fee rule, used by the server when it takes a withdrawal and by the web form's preview.
 * Integer fen throughout: the fee is the flat per-withdrawal fee of the finance rules (`withdrawFee`), never more
 * than the amount itself; what arrives is the rest. A withdrawal where nothing would arrive is refused.
 */
export function splitWithdrawal(amount: number, rules: { withdrawFee: number }) {
  const fee = Math.min(rules.withdrawFee, amount);
  return { amount, fee, actualAmount: amount - fee };
}
