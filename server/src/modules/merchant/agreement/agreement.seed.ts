import { AGREEMENT_STATUS } from '@jz/contracts/agreement';
import { sanitizeRichText } from '../../../lib/sanitize.ts';
import { ensureDict } from '../../system/dict/dict.service.ts';
import type { DemoIds, SeedCtx } from '../../types.ts';
import './agreement.tables.ts';

const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');

const DEMO = [
  {
    type: 'settle',
    title: '商家入驻协议',
    mustSign: 1,
    versions: [
      `<h2 style="text-align: center;">商家入驻协议</h2>${p(
        '甲方：家政服务平台（以下简称"平台"）；乙方：入驻商家（以下简称"商家"）。',
        '第一条 商家应保证提交的营业执照、从业人员健康证等资质真实有效，并在到期前及时更新。',
        '第二条 平台按订单实收金额收取 5% 的技术服务费，订单完成后 T+7 日结算至商家账户，可申请提现。',
        '第三条 商家应按约定时间上门服务，不得私下收费或诱导顾客线下交易。',
        '第四条 因商家原因造成顾客财产损失的，由商家承担赔偿责任。',
      )}`,
      `<h2 style="text-align: center;">商家入驻协议（2026 修订版）</h2>${p(
        '甲方：家政服务平台（以下简称"平台"）；乙方：入驻商家（以下简称"商家"）。',
        '第一条 商家应保证提交的营业执照、从业人员健康证等资质真实有效，并在到期前 30 日内完成更新。',
        '第二条 平台按订单实收金额收取 <strong>5%</strong> 的技术服务费，订单完成后 T+7 日结算至商家账户，可申请提现；单笔提现不低于 10 元。',
        '第三条 商家应按约定时间上门服务，不得私下收费或诱导顾客线下交易。',
        '第四条 因商家原因造成顾客财产损失的，由商家承担赔偿责任。',
        '第五条（新增）商家应为服务人员购买意外伤害保险，并在平台登记保单信息。',
        '第六条 商家应对服务人员进行岗前培训，保姆、月嫂、育儿嫂等岗位须持有效健康证上岗。',
        '第七条 顾客取消订单或申请退款时，商家应在 24 小时内处理；因商家原因取消的订单全额退款。',
        '第八条 商家不得发布虚假价格、虚假评价或夸大宣传；违规的，平台有权下架相关商品。',
        '第九条 平台可根据经营需要调整本协议，调整后将以新版本形式发布并通知商家重新签署；商家继续使用平台服务即视为接受。',
        '第十条 因本协议产生的争议，双方应友好协商；协商不成的，提交平台所在地人民法院诉讼解决。',
      )}`,
    ],
  },
  {
    type: 'service',
    title: '家政服务规范',
    mustSign: 0,
    versions: [
      `<h2>家政服务规范</h2>${p(
        '一、服务人员上门须穿着统一工装、佩戴工牌，进门使用鞋套。',
        '二、开工前与顾客确认服务范围与时长，完工后请顾客验收。',
        '三、服务中如损坏物品，应第一时间告知顾客并报备商家。',
        '四、禁止向顾客索要小费或推销平台外服务。',
      )}`,
    ],
  },
  {
    type: 'privacy',
    title: '隐私政策',
    mustSign: 0,
    versions: [
      `<h2>隐私政策</h2>${p(
        '平台仅为完成订单、结算与客户服务的目的收集和使用商家及顾客的信息。',
        '顾客的手机号在商家端列表中脱敏显示；商家不得将顾客信息用于订单以外的用途。',
        '商家有权查询、更正其账号信息，并可申请注销账号。',
      )}`,
    ],
  },
];

/** Base dictionaries of agreements (every start, idempotent). */
export async function seedAgreementDicts({ db }: SeedCtx) {
  await ensureDict(db, 'agreement_type', '协议类型', [
    { label: '入驻协议', value: 'settle', tag: 'blue' },
    { label: '服务规范', value: 'service', tag: 'cyan' },
    { label: '隐私政策', value: 'privacy', tag: 'purple' },
    { label: '其他', value: 'other', tag: 'default' },
  ]);
  await ensureDict(db, 'agreement_status', '协议状态', [
    { label: '草稿', value: '0', tag: 'default' },
    { label: '已发布', value: '1', tag: 'success' },
    { label: '已撤回', value: '2', tag: 'warning' },
  ]);
}

/**
 * 入驻协议 (must sign) with two versions: merchant A signed v1 and v2, merchant B signed v1 only, so B is asked to sign
 * again; 服务规范 signed by A; 隐私政策 pending for both.
 */
export async function seedAgreementDemo({ db, demo }: SeedCtx & { demo: DemoIds }) {
  const days = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString();
  const ids: { id: number; versionIds: number[] }[] = [];
  for (const a of DEMO) {
    const n = a.versions.length;
    const content = sanitizeRichText(a.versions[n - 1]);
    const { id } = await db
      .insertInto('agreement')
      .values({
        type: a.type,
        title: a.title,
        mustSign: a.mustSign,
        status: AGREEMENT_STATUS.PUBLISHED,
        currentVersion: n,
        content,
        publishedAt: days(10),
        createdBy: demo.adminId,
        createdAt: days(60),
        updatedAt: days(10),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const versionIds: number[] = [];
    for (const [i, html] of a.versions.entries()) {
      const v = await db
        .insertInto('agreementVersion')
        .values({
          agreementId: id,
          version: i + 1,
          content: sanitizeRichText(html),
          remark: i === 0 ? '首次发布' : '新增保险条款',
          publishedBy: demo.adminId,
          publishedAt: i === n - 1 ? days(10) : days(60),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      versionIds.push(v.id);
    }
    ids.push({ id, versionIds });
  }
  const sig = (k: number, version: number, merchantId: number, userId: number, signerName: string, at: string) => ({
    agreementId: ids[k].id,
    versionId: ids[k].versionIds[version - 1],
    version,
    merchantId,
    userId,
    signerName,
    signedAt: at,
    ip: '127.0.0.1',
    userAgent: 'demo seed',
  });
  await db
    .insertInto('agreementSignature')
    .values([
      sig(0, 1, demo.merchantA.id, demo.merchantA.ownerId, '王洁', days(59)),
      sig(0, 2, demo.merchantA.id, demo.merchantA.ownerId, '王洁', days(9)),
      sig(1, 1, demo.merchantA.id, demo.merchantA.ownerId, '王洁', days(58)),
      sig(0, 1, demo.merchantB.id, demo.merchantB.ownerId, '赵安', days(50)),
    ])
    .execute();
}
