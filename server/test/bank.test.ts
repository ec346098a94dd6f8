import type { BankBranch } from '@jz/contracts/bank';
import type { Page } from '@jz/contracts/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv, readBranchCsv } from '../src/modules/merchant/bank/bank.csv.ts';
import { upsertBranches } from '../src/modules/merchant/bank/bank.repo.ts';
import { sampleBranches } from '../src/modules/merchant/bank/bank.sample.ts';
import { type Api, api, buildTestApp, demoUsers, type TestApp } from './helpers/index.ts';

const FIND = 'app/jiazheng/huifu/bank/findYinhanghao';
const BY = 'app/jiazheng/huifu/bank/findByYinhanghao';

let t: TestApp;
let owner: Api;
let sub: Api;
beforeAll(async () => {
  t = await buildTestApp();
  ({ ownerA: owner, subA: sub } = await demoUsers(t, 'ownerA', 'subA'));
});
afterAll(() => t?.close());

describe('bank-branch sample', () => {
  it('seeds at least 60 branches of the seven big banks in 运城, 太原, 北京, 上海 with unique 12-digit codes', async () => {
    const rows = await t.db.selectFrom('bankBranch').selectAll().execute();
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
    for (const r of rows) expect(r.code).toMatch(/^\d{12}$/);
    expect(new Set(rows.map((r) => r.bankName))).toEqual(
      new Set(['中国工商银行', '中国建设银行', '中国农业银行', '中国银行', '招商银行', '交通银行', '中国邮政储蓄银行']),
    );
    expect(new Set(rows.map((r) => r.city))).toEqual(new Set(['运城市', '太原市', '北京市', '上海市']));
    expect(sampleBranches()).toHaveLength(rows.length);
  });
});

describe('findYinhanghao', () => {
  it('searches by bank and keyword, paged, with records and total', async () => {
    const all = await owner.get<Page<BankBranch>>(FIND, { pageNum: 1, pageSize: 100 });
    expect(all.code).toBe(200);
    expect(all.result.total).toBeGreaterThanOrEqual(60);

    const ccb = await owner.get<Page<BankBranch>>(FIND, {
      bankName: '建设银行',
      keyword: '运城',
      pageNum: 1,
      pageSize: 10,
    });
    expect(ccb.result.total).toBe(3);
    for (const r of ccb.result.records) {
      expect(Object.keys(r).sort()).toEqual(['bankName', 'branchName', 'city', 'code', 'province']);
      expect(r).toMatchObject({ bankName: '中国建设银行', city: '运城市', province: '山西省' });
    }
    const byBranch = await owner.get<Page<BankBranch>>(FIND, { keyword: '河东东街' });
    expect(byBranch.result.total).toBe(7);
    const byCode = await owner.get<Page<BankBranch>>(FIND, { keyword: '102181000175' });
    expect(byCode.result.records.map((r) => r.code)).toEqual(['102181000175']);

    const p1 = await owner.get<Page<BankBranch>>(FIND, { keyword: '太原', pageNum: 1, pageSize: 5 });
    const p2 = await owner.get<Page<BankBranch>>(FIND, { keyword: '太原', pageNum: 2, pageSize: 5 });
    expect(p1.result.total).toBe(21);
    expect(p1.result.records).toHaveLength(5);
    expect(p2.result.records).toHaveLength(5);
    expect(p1.result.records.map((r) => r.code)).not.toEqual(
      expect.arrayContaining(p2.result.records.map((r) => r.code)),
    );
    const empty = await owner.get<Page<BankBranch>>(FIND, { keyword: '', bankName: '' });
    expect(empty.result.total).toBe(all.result.total);
  });

  it('matches % and _ literally', async () => {
    expect((await owner.get<Page<BankBranch>>(FIND, { keyword: '%' })).result.total).toBe(0);
    expect((await owner.get<Page<BankBranch>>(FIND, { keyword: '_' })).result.total).toBe(0);
    expect((await owner.get<Page<BankBranch>>(FIND, { keyword: '!' })).result.total).toBe(0);
  });

  it('refuses anonymous callers and bad paging; any signed-in user may search (reference data)', async () => {
    expect((await api(t.app).get(FIND)).code).toBe(401);
    expect((await owner.get(FIND, { pageSize: 100000 })).code).toBe(2001);
    expect((await owner.get(FIND, { pageNum: 0 })).code).toBe(2001);
    expect((await sub.get(FIND, { keyword: '运城' })).code).toBe(200);
  });
});

describe('findByYinhanghao', () => {
  it('answers one branch by code; unknown 2002; malformed 2001; anonymous 401', async () => {
    const one = await owner.get<BankBranch>(BY, { code: '105181000019' });
    expect(one.code).toBe(200);
    expect(one.result).toEqual({
      code: '105181000019',
      bankName: '中国建设银行',
      branchName: '中国建设银行股份有限公司运城分行营业部',
      province: '山西省',
      city: '运城市',
    });
    expect((await owner.get(BY, { code: '999999999999' })).code).toBe(2002);
    const bad = await owner.get(BY, { code: '12345' });
    expect(bad.code).toBe(2001);
    expect(bad.message).toMatch(/联行号须为 12 位数字/);
    expect((await owner.get(BY)).code).toBe(2001);
    expect((await api(t.app).get(BY, { code: '105181000019' })).code).toBe(401);
  });
});

describe('CSV import (npm run bank:import)', () => {
  it('parses quoted fields, doubled quotes, CRLF and a BOM', () => {
    expect(parseCsv('\uFEFFa,"b,c","d ""e"""\r\n1,2,3\n')).toEqual([
      ['a', 'b,c', 'd "e"'],
      ['1', '2', '3'],
    ]);
  });

  it('reads the line endings, quotes and blank rows of real exports (csv-parse)', () => {
    // CR, LF and CRLF in one file; a stray quote inside an unquoted field; whitespace around a quoted one.
    expect(parseCsv('a,b"c\r1,"2"  ,3\r\n\n , \n4\n')).toEqual([['a', 'b"c'], ['1', '2', '3'], ['4']]);
    expect(() => parseCsv('a,b\n1,"2\n3,4')).toThrow(/Quote Not Closed/);
  });

  it('names the file line of a refused row, past blank rows and fields spanning lines', () => {
    const csv = [
      '联行号,银行名称,支行名称,省份,城市',
      '',
      '102290000001,中国工商银行,"营业部',
      '（第二行）",上海市,上海市',
      '10229,中国工商银行,短号,上海市,上海市',
      ' , , , , ',
      '102290000003,,缺银行名称,上海市,上海市',
    ].join('\r\n');
    const { rows, rejected } = readBranchCsv(csv);
    expect(rows.map((r) => r.branchName)).toEqual(['营业部\n（第二行）']);
    expect(rejected.map((r) => r.line)).toEqual([5, 7]);
  });

  it('reads Chinese headers in any order, lists bad lines, and upserts by code', async () => {
    const csv = [
      '银行名称,联行号,支行名称,城市,省份',
      '中国工商银行,102290000001,"中国工商银行股份有限公司上海市分行营业部（测试导入）",上海市,上海市',
      '中国银行,104581000001,中国银行股份有限公司广州分行营业部,广州市,广东省',
      '中国银行,10458100,短号,广州市,广东省',
      ',104581000002,,广州市,广东省',
    ].join('\n');
    const { rows, rejected } = readBranchCsv(csv);
    expect(rows).toHaveLength(2);
    expect(rejected.map((r) => r.line)).toEqual([4, 5]);
    expect(rows[0]).toEqual({
      code: '102290000001',
      bankName: '中国工商银行',
      branchName: '中国工商银行股份有限公司上海市分行营业部（测试导入）',
      province: '上海市',
      city: '上海市',
    });
    const headerless = readBranchCsv('104581000003,中国银行,中国银行广州天河支行,广东省,广州市');
    expect(headerless.rows[0]).toMatchObject({ code: '104581000003', city: '广州市', province: '广东省' });
    expect(() => readBranchCsv('联行号,银行名称\n102290000001,x')).toThrow(/branchName/);

    expect(await upsertBranches(t.db, rows)).toEqual({ inserted: 2, updated: 0 });
    expect(await upsertBranches(t.db, [{ ...rows[1], branchName: '中国银行股份有限公司广州分行' }, rows[1]])).toEqual({
      inserted: 0,
      updated: 1,
    });
    const gz = await owner.get<BankBranch>(BY, { code: '104581000001' });
    expect(gz.result.branchName).toBe('中国银行股份有限公司广州分行营业部');
  });
});
