import type { Fuwu } from '@jz/contracts/fuwu';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, api, buildTestApp, demoUsers, type TestApp } from './helpers/index.ts';

const F = 'app/jiazheng/fuwu';
const MINE = 'app/jiazheng/shangjia/fuwu/findSelect';

let t: TestApp;
let admin: Api;
let ownerA: Api;
let ownerB: Api;
let anon: Api;
beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, ownerA, ownerB } = await demoUsers(t, 'admin', 'ownerA', 'ownerB'));
  anon = api(t.app);
});
afterAll(() => t?.close());

const names = (list: Fuwu[]) => list.map((f) => f.name);

describe('service category selectors', () => {
  it('findSelectFuwu is public and answers the seeded tree of domain.md', async () => {
    const r = await anon.get<Fuwu[]>(`${F}/weapp/findSelectFuwu`);
    expect(r.code).toBe(200);
    expect(names(r.result)).toEqual([
      '日常保洁',
      '深度保洁',
      '开荒保洁',
      '家电清洗',
      '保姆',
      '月嫂',
      '育儿嫂',
      '钟点工',
      '家庭维修',
      '搬家',
    ]);
    expect(names(r.result.find((f) => f.name === '家电清洗')!.children!)).toEqual([
      '空调清洗',
      '油烟机清洗',
      '洗衣机清洗',
      '冰箱清洗',
    ]);
  });

  it("shangjia/fuwu/findSelect answers the current shop's categories, per merchant and per shop", async () => {
    const a = await ownerA.get<Fuwu[]>(MINE);
    expect(names(a.result).sort()).toEqual(
      ['日常保洁', '深度保洁', '开荒保洁', '家电清洗', '空调清洗', '油烟机清洗', '钟点工'].sort(),
    );
    const b = await ownerB.get<Fuwu[]>(MINE);
    expect(names(b.result).sort()).toEqual(['保姆', '月嫂', '育儿嫂', '日常保洁'].sort());
    const branch = (
      await t.db
        .selectFrom('shop')
        .select('id')
        .where('name', '=', '运城洁家家政（学苑路分店）')
        .executeTakeFirstOrThrow()
    ).id;
    await ownerA.post('app/jiazheng/shangjia/info/setCurDianpu', { id: branch });
    expect(names((await ownerA.get<Fuwu[]>(MINE)).result).sort()).toEqual(
      ['日常保洁', '家电清洗', '空调清洗', '钟点工'].sort(),
    );
    expect((await anon.get(MINE)).status).toBe(401);
    expect((await admin.get(MINE)).code).toBe(301); // platform users have no shop
  });
});

describe('platform management of the tree', () => {
  let id: number;
  it('adds a top category and a child; refuses a third level and bad names', async () => {
    const r = await admin.post<{ id: number }>(`${F}/add`, { name: '宠物护理', sort: 200 });
    expect(r.code).toBe(200);
    id = r.result.id;
    const child = await admin.post<{ id: number }>(`${F}/add`, { name: '宠物洗护', parentId: id });
    expect(child.code).toBe(200);
    const third = await admin.post(`${F}/add`, { name: '猫咪洗护', parentId: child.result.id });
    expect(third).toMatchObject({ code: 2001 });
    expect(third.message).toMatch(/最多两级/);
    expect((await admin.post(`${F}/add`, { name: '' })).message).toMatch(/请输入类目名称/);
    expect((await admin.post(`${F}/add`, { name: 'x'.repeat(21) })).code).toBe(2001);
    expect((await admin.post(`${F}/add`, { name: '无主', parentId: 999999 })).code).toBe(2001);
    const tree = await admin.get<Fuwu[]>(`${F}/findAllByTree`);
    expect(names(tree.result.find((f) => f.id === id)!.children!)).toEqual(['宠物洗护']);
    const filtered = await admin.get<Fuwu[]>(`${F}/findAllByTree`, { name: '洗护' });
    expect(filtered.result).toEqual([
      expect.objectContaining({ id, children: [expect.objectContaining({ name: '宠物洗护' })] }),
    ]);
  });

  it('a disabled category leaves the selector and cannot be given to a shop; edits keep other fields', async () => {
    expect((await admin.post(`${F}/edit`, { id, status: 1 })).code).toBe(200);
    expect(
      await t.db.selectFrom('fuwu').select(['name', 'sort', 'status']).where('id', '=', id).executeTakeFirstOrThrow(),
    ).toEqual({ name: '宠物护理', sort: 200, status: 1 });
    expect(names((await anon.get<Fuwu[]>(`${F}/weapp/findSelectFuwu`)).result)).not.toContain('宠物护理');
    const shop = (
      await t.db.selectFrom('shop').select('id').where('name', '=', '太原安心家政').executeTakeFirstOrThrow()
    ).id;
    const r = await ownerB.post('app/jiazheng/shangjia/info/edit', { id: shop, fuwuIds: JSON.stringify([id]) });
    expect(r.code).toBe(2001);
    expect((await admin.post(`${F}/edit`, { id: 999999, name: '无' })).code).toBe(2002);
    expect((await admin.post(`${F}/edit`, { id, parentId: id })).code).toBe(2001);
  });

  it('refuses to delete a category in use; deletes a parent with its children', async () => {
    const daily = (await t.db.selectFrom('fuwu').select('id').where('name', '=', '日常保洁').executeTakeFirstOrThrow())
      .id;
    const used = await admin.del(`${F}/delByIds/${daily}`);
    expect(used).toMatchObject({ code: 2004 });
    expect(used.message).toMatch(/已有商品/);
    // A shop offering the category stops offering it.
    const shop = await t.db
      .selectFrom('shop')
      .select(['id', 'fuwuIds'])
      .where('name', '=', '太原安心家政')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('shop')
      .set({ fuwuIds: JSON.stringify([...JSON.parse(shop.fuwuIds), id]) })
      .where('id', '=', shop.id)
      .execute();
    expect((await admin.del(`${F}/delByIds/${id}`)).code).toBe(200);
    expect(
      (await t.db.selectFrom('shop').select('fuwuIds').where('id', '=', shop.id).executeTakeFirstOrThrow()).fuwuIds,
    ).toBe(shop.fuwuIds);
    expect(await t.db.selectFrom('fuwu').select('id').where('name', 'in', ['宠物护理', '宠物洗护']).execute()).toEqual(
      [],
    );
    expect((await admin.del(`${F}/delByIds/${id}`)).code).toBe(2002);
  });

  it('deletes a leaf category (no children: no empty IN list, which PostgreSQL refuses)', async () => {
    const leaf = await t.db.selectFrom('fuwu').select('id').where('name', '=', '洗衣机清洗').executeTakeFirstOrThrow();
    expect((await admin.del(`${F}/delByIds/${leaf.id}`)).code).toBe(200);
    expect(await t.db.selectFrom('fuwu').select('id').where('id', '=', leaf.id).execute()).toEqual([]);
  });

  it('merchants get 301 and anonymous callers 401 on the toolkit calls', async () => {
    const count = async () => (await t.db.selectFrom('fuwu').select('id').execute()).length;
    const before = await count();
    expect((await ownerA.get(`${F}/findAllByTree`)).code).toBe(301);
    expect((await ownerA.post(`${F}/add`, { name: '商家加的' })).code).toBe(301);
    expect((await anon.post(`${F}/add`, { name: '匿名加的' })).status).toBe(401);
    expect((await anon.get(`${F}/findAllByTree`)).status).toBe(401);
    expect(await count()).toBe(before);
  });
});
