import { LICENCE_AUDIT, LICENCE_KINDS } from '@jz/contracts/licence';
import { dayjs, nowIso, TZ } from '../../../lib/time.ts';
import { ensureDict } from '../../system/dict/dict.service.ts';
import type { DemoIds, SeedCtx } from '../../types.ts';
import { demoImage } from '../shop/demo-image.ts';
import './licence.tables.ts';

/** Base dictionaries of licences (every start, idempotent). */
export async function seedLicenceDicts({ db }: SeedCtx) {
  await ensureDict(db, 'licence_kind', '证照类型', [
    ...LICENCE_KINDS.map((k) => ({ label: k.label, value: k.value, tag: 'blue' })),
  ]);
  await ensureDict(
    db,
    'licence_audit_status',
    '证照审核状态',
    LICENCE_AUDIT.map((a) => ({ ...a })),
  );
}

/** Both merchants get licences; merchant A's 健康证 expires in 12 days, merchant B's food licence has expired. */
export async function seedLicenceDemo({ db, demo }: SeedCtx & { demo: DemoIds }) {
  const day = (n: number) => dayjs().tz(TZ).add(n, 'day').format('YYYY-MM-DD');
  const now = nowIso();
  const row = (
    merchantId: number,
    kind: string,
    number: string,
    validFrom: string,
    validTo: string | null,
    auditStatus: number,
    name: string | null = null,
  ) => ({
    merchantId,
    kind,
    name,
    number,
    imageUrl: demoImage(LICENCE_KINDS.find((k) => k.value === kind)?.label ?? '证照', '#1677ff'),
    validFrom,
    validTo,
    auditStatus,
    auditReason: null,
    auditedAt: auditStatus ? now : null,
    auditedBy: auditStatus ? demo.adminId : null,
    createdAt: now,
    updatedAt: now,
  });
  await db
    .insertInto('licence')
    .values([
      row(demo.merchantA.id, 'yyzz', '91140802MA0K1234X5', day(-700), null, 1),
      row(demo.merchantA.id, 'jkz', 'JKZ2025140800123', day(-353), day(12), 1, '李阿姨'),
      row(demo.merchantA.id, 'other', 'JZFW-2026-0088', day(-10), day(355), 0, '家政服务资质'),
      row(demo.merchantB.id, 'yyzz', '91140105MA0L5678Y2', day(-400), day(1425), 1),
      row(demo.merchantB.id, 'spjy', 'JY11401050012345', day(-1830), day(-5), 1),
    ])
    .execute();
}
