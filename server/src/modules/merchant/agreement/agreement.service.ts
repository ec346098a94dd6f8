import type { DB } from '../../../db/client.ts';
import { business } from '../../../lib/errors.ts';
import { unsignedMustSign } from './agreement.repo.ts';

export { unsignedMustSign };

/**
 * For other modules (finance withdrawals, ...): refuses with the reason while a must-sign agreement is unsigned in
 * its current version.
 *
 *   await assertAgreementsSigned(db, merchantId, '提现');   // -> 2004 「请先签署《入驻协议》（第 2 版）后再提现」
 */
export async function assertAgreementsSigned(db: DB, merchantId: number, action = '操作') {
  const missing = await unsignedMustSign(db, merchantId);
  if (missing.length)
    throw business(`请先签署${missing.map((m) => `《${m.title}》（第 ${m.version} 版）`).join('、')}后再${action}`);
}
