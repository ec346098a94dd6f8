import { STATUS_FLAG } from '@jz/contracts/common';
import { isoAfter, nowIso } from '../../../lib/time.ts';
import { ensureDict } from '../../system/dict/dict.service.ts';
import type { SeedCtx } from '../../types.ts';
import './banner.tables.ts';

/** Base dictionary of banner positions (every start, idempotent). */
export async function seedBannerDicts({ db }: SeedCtx) {
  await ensureDict(db, 'banner_position', '轮播图位置', [
    { label: '小程序首页', value: 'weapp_home', tag: 'blue' },
    { label: '小程序服务页', value: 'weapp_service', tag: 'cyan' },
    { label: '商家后台首页', value: 'merchant_home', tag: 'purple' },
  ]);
}

/** Demo banners: two on the mini-program's home (one ending in 30 days), one on the merchant console's. */
export async function seedBannerDemo({ db }: SeedCtx) {
  const now = nowIso();
  const rows = [
    {
      title: '开荒保洁 限时 8 折',
      imageUrl: '/favicon.svg',
      linkUrl: '/pages/fuwu/index?id=3',
      position: 'weapp_home',
      sort: 1,
      startAt: null,
      endAt: isoAfter(30 * 86400_000),
    },
    {
      title: '家电清洗 夏季特惠',
      imageUrl: '/favicon.svg',
      linkUrl: null,
      position: 'weapp_home',
      sort: 2,
      startAt: null,
      endAt: null,
    },
    {
      title: '商家入驻 首月免佣',
      imageUrl: '/favicon.svg',
      linkUrl: 'https://example.com/ruzhu',
      position: 'merchant_home',
      sort: 1,
      startAt: null,
      endAt: null,
    },
  ];
  await db
    .insertInto('banner')
    .values(rows.map((r) => ({ ...r, status: STATUS_FLAG.ENABLED, createdAt: now, updatedAt: now })))
    .execute();
}
