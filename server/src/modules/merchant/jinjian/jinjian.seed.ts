import { JINJIAN_STATUS } from '@jz/contracts/jinjian';
import type { JinjianGerenBody, JinjianQiyeBody } from '@jz/contracts/jinjian';
import type { DB } from '../../../db/client.ts';
import { ensureDict } from '../../system/dict/dict.service.ts';
import type { DemoIds, SeedCtx } from '../../types.ts';
import { branchByCode } from '../bank/bank.service.ts';
import { bindSettlementCard } from './card-binding.ts';
import { withIdCheck, withLuhn, withUsccCheck } from './checksum-fixtures.ts';
import { sealDetail } from './jinjian.repo.ts';

/**
 * Demo onboarding: merchant A is onboarded (已开通) as an enterprise; its settlement account is the 工商银行 对公 card
 * the finance demo binds (source 进件开户), so A can withdraw. Merchant B has a rejected personal application (the page
 * shows the reason and 重新提交; the owner can onboard as an enterprise) and cannot withdraw until it is onboarded.
 */
export async function seedDemoJinjian(db: DB, demo: DemoIds) {
  const yc = await branchByCode(db, '102181000010');
  const ty = await branchByCode(db, '105161000178');
  if (!yc || !ty) return; // the bank-branch sample is not there (a full import with other codes): nothing to hang on
  const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

  const companyA: JinjianQiyeBody = {
    companyName: '运城洁家家政服务有限公司',
    licenseCode: withUsccCheck('91140802MA0H8B2C7'),
    licenseValidityType: '1',
    licenseBeginDate: '2020-08-08',
    licenseEndDate: undefined,
    licenseUrl: '/uploads/jinjian/demo-license.png',
    provinceCode: '140000',
    cityCode: '140800',
    districtCode: '140802',
    address: '盐湖区河东东街 88 号',
    legalName: '王洁',
    legalIdCardNo: withIdCheck('14080219850312002'),
    legalValidityType: '0',
    legalBeginDate: '2016-03-12',
    legalEndDate: '2036-03-12',
    contactName: '王洁',
    contactMobile: '13800000001',
    bankName: yc.bankName,
    branchCode: yc.code,
    // the same account as finance's demo card of A (finance.seed.ts): binding it again answers that card
    cardNo: '6222021305001234888',
    holderName: '运城洁家家政服务有限公司',
  };
  await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('jinjianApplication')
      .values({
        merchantId: demo.merchantA.id,
        kind: 2,
        status: JINJIAN_STATUS.APPROVED,
        provider: 'sandbox',
        applyNo: 'JJ20260101090000000001',
        providerMerchantNo: '6666000123456788',
        rejectReason: null,
        subjectName: companyA.companyName,
        detail: sealDetail(JSON.stringify({ body: companyA, branch: yc })),
        submittedBy: demo.merchantA.ownerId,
        submittedAt: ago(25),
        approvedAt: ago(24),
        rejectedAt: null,
        cardBound: 0,
        createdAt: ago(25),
        updatedAt: ago(24),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bound = await bindSettlementCard(trx, {
      merchantId: demo.merchantA.id,
      operatorUserId: demo.merchantA.ownerId,
      bankName: yc.bankName,
      branchName: yc.branchName,
      branchCode: yc.code,
      cardNo: companyA.cardNo,
      holderName: companyA.holderName,
      cardType: 2,
      mobile: companyA.contactMobile,
      source: 'jinjian',
    });
    if (bound) await trx.updateTable('jinjianApplication').set({ cardBound: 1 }).where('id', '=', id).execute();
  });

  const individualB: JinjianGerenBody = {
    name: '赵安',
    certType: '00',
    idCardNo: withIdCheck('14010519800101003'),
    certValidityType: '0',
    certBeginDate: '2015-01-01',
    certEndDate: '2035-01-01',
    mobile: '13800000002',
    idCardFrontUrl: '/uploads/jinjian/demo-id-front.png',
    idCardBackUrl: '/uploads/jinjian/demo-id-back.png',
    bankName: ty.bankName,
    branchCode: ty.code,
    cardNo: withLuhn('621700016100123456'),
    holderName: '赵小安',
    cardMobile: '13800000002',
  };
  await db
    .insertInto('jinjianApplication')
    .values({
      merchantId: demo.merchantB.id,
      kind: 1,
      status: JINJIAN_STATUS.REJECTED,
      provider: 'sandbox',
      applyNo: 'JJ20260101090000000002',
      providerMerchantNo: null,
      rejectReason: '结算银行卡持卡人须与身份证姓名一致',
      subjectName: individualB.name,
      detail: sealDetail(JSON.stringify({ body: individualB, branch: ty })),
      submittedBy: demo.merchantB.ownerId,
      submittedAt: ago(3),
      approvedAt: null,
      rejectedAt: ago(3),
      cardBound: 0,
      createdAt: ago(3),
      updatedAt: ago(3),
    })
    .execute();
}

/** The onboarding dictionaries (status, kind), in every database. */
export async function seedJinjianDicts({ db }: SeedCtx) {
  await ensureDict(db, 'jinjian_status', '进件状态', [
    { label: '未进件', value: '0', tag: 'default' },
    { label: '审核中', value: '10', tag: 'processing' },
    { label: '已开通', value: '20', tag: 'success' },
    { label: '已驳回', value: '30', tag: 'error' },
  ]);
  await ensureDict(db, 'jinjian_kind', '进件类型', [
    { label: '个人', value: '1', tag: 'blue' },
    { label: '企业', value: '2', tag: 'purple' },
  ]);
}
