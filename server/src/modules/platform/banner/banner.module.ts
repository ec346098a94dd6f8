import { BANNER_POSITIONS, bannerAddBody, bannerEditBody, bannerQuery } from '@jz/contracts/banner';
import { idsParam } from '@jz/contracts/common';
import { z } from 'zod';
import { ok } from '../../../lib/envelope.ts';
import { isoAfter, nowIso } from '../../../lib/time.ts';
import { ensureDict } from '../../system/dict/dict.repo.ts';
import { defineModule } from '../../types.ts';
import * as repo from './banner.repo.ts';

const oplog = (type: 'add' | 'edit' | 'delete') => ({ title: '轮播图', type });

/** spec §7 /api/app/lunbotu: banners with image, link, position, sort, status and publish window. */
export default defineModule({
  name: 'banner',
  order: 60,
  async seed({ db }) {
    await ensureDict(db, 'banner_position', '轮播图位置', [
      { label: '小程序首页', value: 'weapp_home', tag: 'blue' },
      { label: '小程序服务页', value: 'weapp_service', tag: 'cyan' },
      { label: '商家后台首页', value: 'merchant_home', tag: 'purple' },
    ]);
  },
  async seedDemo({ db }) {
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
      .values(rows.map((r) => ({ ...r, status: 0, createdAt: now, updatedAt: now })))
      .execute();
  },
  routes(app) {
    const base = '/tmpl/api/app/lunbotu';
    app.get(
      `${base}/findAllByPage`,
      { schema: { querystring: bannerQuery }, config: { perm: 'platform:banner:list' } },
      async (req) => ok(await repo.pageBanners(app.db, req.query), 'ok'),
    );
    /** What shows now at a position, for any signed-in console user. */
    app.get(
      `${base}/live/findAllByList`,
      {
        schema: { querystring: z.object({ position: z.enum(BANNER_POSITIONS).default('merchant_home') }) },
        config: { signedIn: true },
      },
      async (req) => ok(await repo.liveBanners(app.db, req.query.position), 'ok'),
    );
    app.post(
      `${base}/add`,
      { schema: { body: bannerAddBody }, config: { perm: 'platform:banner:add', oplog: oplog('add') } },
      async (req) => ok(await repo.addBanner(app.db, req.body)),
    );
    app.post(
      `${base}/edit`,
      { schema: { body: bannerEditBody }, config: { perm: 'platform:banner:edit', oplog: oplog('edit') } },
      async (req) => {
        const { id, ...v } = req.body;
        await repo.editBanner(app.db, id, v);
        return ok(null);
      },
    );
    app.delete(
      `${base}/delByIds/:ids`,
      { schema: { params: idsParam }, config: { perm: 'platform:banner:del', oplog: oplog('delete') } },
      async (req) => {
        await repo.deleteBanners(app.db, req.params.ids);
        return ok(null);
      },
    );
  },
});
