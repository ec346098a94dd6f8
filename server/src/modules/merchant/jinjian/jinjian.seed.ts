import type { JinjianGerenBody, JinjianQiyeBody } from '@jz/contracts/jinjian';
import type { DB } from '../../../db/client.ts';
import { nowIso } from '../../../lib/time.ts';
import type { DemoIds } from '../../types.ts';
import { branchByCode } from '../bank/bank.repo.ts';
import { bindSettlementCard } from './card-binding.ts';
import { withIdCheck, withLuhn, withUsccCheck } from './checksum-fixtures.ts';

/**
 * Demo onboarding: merchant A has a rejected personal application (the page shows the reason and 重新提交, and the
 * owner can onboard as an enterprise); merchant B is onboarded (已开通) as an enterprise with its card bound.
 */
export async function seedDemoJinjian(db: DB, demo: DemoIds) {
  const yc = await branchByCode(db, '102181000175');
  const ty = await branchByCode(db, '105161000178');
  if (!yc || !ty) return; // the bank-branch sample is not there (a full import with other codes): nothing to hang on
  const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

  const gerenA: JinjianGerenBody = {
    name: '王洁',
    certType: '00',
    idCardNo: withIdCheck('14080219850312002'),
    certValidityType: '0',
    certBeginDate: '2016-03-12',
    certEndDate: '2036-03-12',
    mobile: '13800000001',
    idCardFrontUrl: '/uploads/jinjian/demo-id-front.png',
    idCardBackUrl: '/uploads/jinjian/demo-id-back.png',
    bankName: yc.bankName,
    branchCode: yc.code,
    cardNo: withLuhn('621226050300123456'),
    holderName: '王小洁',
    cardMobile: '13800000001',
  };
  await db
    .insertInto('jinjianApplication')
    .values({
      merchantId: demo.merchantA.id,
      kind: 1,
      status: 30,
      provider: 'sandbox',
      applyNo: 'JJ20260101090000000001',
      providerMerchantNo: null,
      rejectReason: '结算银行卡持卡人须与身份证姓名一致',
      subjectName: gerenA.name,
      detail: JSON.stringify({ body: gerenA, branch: yc }),
      submittedBy: demo.merchantA.ownerId,
      submittedAt: ago(3),
      approvedAt: null,
      rejectedAt: ago(3),
      cardBound: 0,
      createdAt: ago(3),
      updatedAt: ago(3),
    })
    .execute();

  const qiyeB: JinjianQiyeBody = {
    companyName: '太原安心家政服务有限公司',
    licenseCode: withUsccCheck('91140105MA0K2Q3L5'),
    licenseValidityType: '1',
    licenseBeginDate: '2019-06-18',
    licenseEndDate: undefined,
    licenseUrl: '/uploads/jinjian/demo-license.png',
    provinceCode: '140000',
    cityCode: '140100',
    districtCode: '140105',
    address: '小店区长风街 20 号',
    legalName: '赵安',
    legalIdCardNo: withIdCheck('14010519800101003'),
    legalValidityType: '1',
    legalBeginDate: '2015-01-01',
    legalEndDate: undefined,
    contactName: '赵安',
    contactMobile: '13800000002',
    bankName: ty.bankName,
    branchCode: ty.code,
    cardNo: '14050186360800001234',
    holderName: '太原安心家政服务有限公司',
  };
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('jinjianApplication')
      .values({
        merchantId: demo.merchantB.id,
        kind: 2,
        status: 20,
        provider: 'sandbox',
        applyNo: 'JJ20260101090000000002',
        providerMerchantNo: '6666000123456789',
        rejectReason: null,
        subjectName: qiyeB.companyName,
        detail: JSON.stringify({ body: qiyeB, branch: ty }),
        submittedBy: demo.merchantB.ownerId,
        submittedAt: ago(10),
        approvedAt: ago(10),
        rejectedAt: null,
        cardBound: 0,
        createdAt: ago(10),
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bound = await bindSettlementCard(trx, {
      merchantId: demo.merchantB.id,
      operatorUserId: demo.merchantB.ownerId,
      bankName: ty.bankName,
      branchName: ty.branchName,
      branchCode: ty.code,
      cardNo: qiyeB.cardNo,
      holderName: qiyeB.holderName,
      cardType: 2,
      mobile: qiyeB.contactMobile,
      source: 'jinjian',
    });
    if (bound) await trx.updateTable('jinjianApplication').set({ cardBound: 1 }).where('id', '=', id).execute();
  });
}
