import { STATUS_FLAG } from '@jz/contracts/common';
import { employeeAdd, idCardFacts, maskIdCard, WORK_STATE } from '@jz/contracts/employee';
import type { z } from 'zod';
import type { DB } from '../../../db/client.ts';
import { type Importer, type Progress, RowFailure } from '../../../lib/import/import-flow.ts';
import type { ImportProblem } from '../../../lib/import/report.ts';
import type { SheetRow } from '../../../lib/import/sheet-reader.ts';
import { blindIndexes } from '../../../lib/secret-box.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { nowIso } from '../../../lib/time.ts';
import { ID_CARD_FIELD, idCardColumns } from './employee.repo.ts';
import './employee.tables.ts';

/**
 * 员工批量导入 (docs/import.md): each row is validated with the employee form's own schema (employeeAdd),
 * then across rows (phone / ID number repeated) and against the database (already an employee of the merchant; the
 * shop by name within the caller's shops; service categories the shop offers). Photos and certificates are added in
 * the form afterwards.
 */
export const COLUMNS = {
  name: '姓名',
  phone: '手机号',
  gender: '性别',
  birthDate: '出生日期',
  idCardNo: '身份证号',
  nativePlace: '籍贯',
  workYears: '从业年限',
  skills: '技能',
  fuwu: '服务类目',
  shop: '所属店铺',
  intro: '简介',
} as const;
const H = COLUMNS;
const HEADERS = Object.values(COLUMNS);
/** Which column a field of employeeAdd comes from. */
const FIELD_COLUMN: Record<string, string> = {
  name: H.name,
  phone: H.phone,
  gender: H.gender,
  birthDate: H.birthDate,
  idCardNo: H.idCardNo,
  nativePlace: H.nativePlace,
  workYears: H.workYears,
  skills: H.skills,
  fuwuIds: H.fuwu,
  shopId: H.shop,
  intro: H.intro,
};

const GENDERS: Record<string, number> = { 男: 1, 女: 2 };
/** 、 as the template says; commas and semicolons as people type them. */
const splitList = (s: string) =>
  s
    .split(/[、,，;；]/)
    .map((x) => x.trim())
    .filter(Boolean);

export type EmployeeValues = z.infer<typeof employeeAdd> & { shopId: number };
interface Planned {
  row: number;
  v: EmployeeValues;
}

/** The value shown in a report: ID numbers masked (the report and the job row never hold one whole). */
const shown = (column: string, value: string) => (column === H.idCardNo && value ? (maskIdCard(value) ?? '') : value);

async function chunked<T, R>(items: T[], size: number, fn: (part: T[]) => Promise<R[]>) {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await fn(items.slice(i, i + size))));
  return out;
}

async function checkRows(
  db: DB,
  t: Tenant,
  rows: SheetRow[],
  o: { progress: Progress; duplicatesInDb: boolean },
): Promise<{ problems: ImportProblem[]; plan: Planned[] }> {
  const problems: ImportProblem[] = [];
  const add = (r: SheetRow, column: string, message: string) =>
    problems.push({ row: r.row, column, value: shown(column, r.cells[column] ?? ''), message });

  // The merchant's shops by name, and the categories each offers (enabled ones only).
  const shops = await db
    .selectFrom('shop')
    .select(['id', 'name', 'fuwuIds'])
    .where('merchantId', '=', t.merchantId)
    .execute();
  const shopByName = new Map(shops.map((s) => [s.name.trim(), s]));
  const offered = new Map(shops.map((s) => [s.id, new Set(JSON.parse(s.fuwuIds) as number[])]));
  const categories = await db
    .selectFrom('fuwu')
    .select(['id', 'name'])
    .where('status', '=', STATUS_FLAG.ENABLED)
    .execute();
  const categoryIdsByName = new Map<string, number[]>();
  for (const f of categories)
    categoryIdsByName.set(f.name.trim(), [...(categoryIdsByName.get(f.name.trim()) ?? []), f.id]);

  const plan: Planned[] = [];
  const phoneRow = new Map<string, number>();
  const idRow = new Map<string, number>();
  let done = 0;
  for (const r of rows) {
    const c = r.cells;
    const before = problems.length;
    // 所属店铺: empty = the current shop; a name among the merchant's shops, inside a limited account's shops.
    let shopId: number | undefined;
    if (c[H.shop]) {
      const s = shopByName.get(c[H.shop]);
      if (!s) add(r, H.shop, `本商家没有名为「${c[H.shop]}」的店铺`);
      else if (t.allowedShopIds && !t.allowedShopIds.includes(s.id)) add(r, H.shop, '您无权管理该店铺的员工');
      else shopId = s.id;
    } else if (t.shopId) shopId = t.shopId;
    else add(r, H.shop, '请先创建店铺，或填写所属店铺');

    // 服务类目: names the (target) shop offers; unknown while the shop is wrong.
    const fuwuIds: number[] = [];
    for (const name of shopId === undefined ? [] : splitList(c[H.fuwu])) {
      const id = (categoryIdsByName.get(name) ?? []).find((f) => offered.get(shopId!)?.has(f));
      if (id === undefined) add(r, H.fuwu, `「${name}」不是该店铺开通的服务类目`);
      else fuwuIds.push(id);
    }

    const gender = c[H.gender] ? GENDERS[c[H.gender]] : undefined;
    if (c[H.gender] && gender === undefined) add(r, H.gender, '性别须填写“男”或“女”');
    const facts = idCardFacts(c[H.idCardNo]);
    const parsed = employeeAdd.safeParse({
      name: c[H.name],
      phone: c[H.phone],
      gender: gender ?? (c[H.gender] ? 0 : undefined),
      birthDate: c[H.birthDate] || facts?.birthDate || '',
      idCardNo: c[H.idCardNo] || undefined,
      nativePlace: c[H.nativePlace],
      workYears: c[H.workYears] || undefined,
      skills: splitList(c[H.skills]),
      fuwuIds,
      intro: c[H.intro],
      shopId,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const column = FIELD_COLUMN[String(issue.path[0])] ?? '';
        if (column === H.gender && c[H.gender] && gender === undefined) continue; // said above
        // Excel keeps 15 digits of a number: the ID's last ones are gone, say how to keep them.
        if (column === H.idCardNo && r.numeric.includes(H.idCardNo) && c[H.idCardNo].length > 15)
          add(r, column, '身份证号被 Excel 存成了数字，末几位已丢失；请将该列设为文本格式后重新填写');
        else add(r, column, issue.message);
      }
    } else if (shopId !== undefined) {
      const v = parsed.data;
      const p = phoneRow.get(v.phone);
      if (p !== undefined) add(r, H.phone, `与第 ${p} 行的手机号重复`);
      else phoneRow.set(v.phone, r.row);
      // The ID number is optional (staff are often added before their papers): only given ones are compared.
      const i = v.idCardNo ? idRow.get(v.idCardNo) : undefined;
      if (i !== undefined) add(r, H.idCardNo, `与第 ${i} 行的身份证号重复`);
      else if (v.idCardNo) idRow.set(v.idCardNo, r.row);
      if (problems.length === before) plan.push({ row: r.row, v: { ...v, shopId } });
    }
    done++;
    if (done % 500 === 0) await o.progress(done);
  }

  if (o.duplicatesInDb && phoneRow.size) {
    // Already employees of the merchant: phones as stored, ID numbers by their keyed hashes (every key of the ring).
    const phones = await chunked([...phoneRow.keys()], 500, (part) =>
      db
        .selectFrom('employee')
        .select('phone')
        .where('merchantId', '=', t.merchantId)
        .where('deletedAt', 'is', null)
        .where('phone', 'in', part)
        .execute(),
    );
    const rowByNo = new Map(rows.map((r) => [r.row, r]));
    for (const { phone } of phones)
      add(rowByNo.get(phoneRow.get(phone)!)!, H.phone, `手机号 ${phone} 已是本商家的员工`);
    const hashRow = new Map<string, number>();
    for (const [no, row] of idRow)
      for (const h of blindIndexes(ID_CARD_FIELD.purpose, ID_CARD_FIELD.hash!.normalize(no))) hashRow.set(h, row);
    const ids = await chunked([...hashRow.keys()], 500, (part) =>
      db
        .selectFrom('employee')
        .select('idCardHash')
        .where('merchantId', '=', t.merchantId)
        .where('deletedAt', 'is', null)
        .where('idCardHash', 'in', part)
        .execute(),
    );
    for (const { idCardHash } of ids)
      add(rowByNo.get(hashRow.get(idCardHash!)!)!, H.idCardNo, '该身份证号已登记为本商家的员工');
  }
  await o.progress(rows.length);
  return { problems, plan: problems.length ? [] : plan };
}

/** The unique indexes name a clash the check could not see (an employee added meanwhile). */
function clashOf(err: unknown, row: Planned): RowFailure | null {
  const e = err as { code?: string; message?: string };
  if (e.code !== '23505' && e.code !== 'SQLITE_CONSTRAINT_UNIQUE') return null;
  return /id_card/.test(e.message ?? '')
    ? new RowFailure(row.row, H.idCardNo, '该身份证号已登记为本商家的员工')
    : new RowFailure(row.row, H.phone, `手机号 ${row.v.phone} 已是本商家的员工`);
}

/** One insert per row inside the confirmation's transaction, so a failure names its row. */
async function writeRows(trx: DB, t: Tenant, plan: Planned[], progress: Progress) {
  const now = nowIso();
  let n = 0;
  for (const p of plan) {
    const v = p.v;
    try {
      await trx
        .insertInto('employee')
        .values({
          merchantId: t.merchantId,
          shopId: v.shopId,
          name: v.name,
          phone: v.phone,
          gender: v.gender,
          birthDate: v.birthDate ?? null,
          avatarUrl: null,
          ...idCardColumns(v.idCardNo),
          idCardFrontUrl: null,
          idCardBackUrl: null,
          nativePlace: v.nativePlace ?? null,
          workYears: v.workYears,
          skills: JSON.stringify(v.skills),
          fuwuIds: JSON.stringify([...new Set(v.fuwuIds)]),
          certificates: '[]',
          workState: WORK_STATE.FREE,
          rating: 5,
          completedOrders: 0,
          intro: v.intro ?? null,
          deletedAt: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    } catch (err) {
      throw clashOf(err, p) ?? err;
    }
    n++;
    if (n % 500 === 0) await progress(n);
  }
  await progress(n);
  return n;
}

export const employeeImporter: Importer<Planned[]> = {
  kind: 'employee',
  templateName: '员工导入模板',
  asciiName: 'employee-import-template',
  headers: HEADERS,
  required: [H.name, H.phone, H.gender],
  template: {
    sheet: '员工',
    notes: [
      '员工批量导入说明：',
      '1. 在“员工”工作表第 2 行起每行填写一名员工，带 * 的列必填；列的顺序可以调整，但请勿修改表头文字。',
      '2. 每个文件最多 5000 行、不超过 10MB；手机号、身份证号请保持文本格式。',
      '3. 上传后系统会逐行校验，全部正确才能确认导入；任何一行出错则全部不导入。',
      '4. 照片和证书请导入后在员工表单中补充。',
    ],
    columns: [
      { header: H.name, required: true, note: '最多 20 个字', example: '张秀兰' },
      {
        header: H.phone,
        required: true,
        note: '11 位手机号，不能与本商家其他员工重复',
        example: '13800001234',
        text: true,
        width: 16,
      },
      { header: H.gender, required: true, note: '男 或 女', example: '女', list: ['男', '女'] },
      { header: H.birthDate, note: 'YYYY-MM-DD；不填则按身份证号', example: '1980-05-12', text: true, width: 14 },
      {
        header: H.idCardNo,
        note: '18 位身份证号，可不填（之后在员工表单补充）；填写则须正确，且不能与本商家其他员工重复',
        example: '142301198005120024',
        text: true,
        width: 22,
      },
      { header: H.nativePlace, note: '最多 50 个字', example: '山西运城' },
      { header: H.workYears, note: '0–60 的整数，不填为 0', example: '5' },
      { header: H.skills, note: '多个用“、”分隔，每个最多 20 个字', example: '日常保洁、收纳整理', width: 24 },
      { header: H.fuwu, note: '店铺已开通的服务类目名称，多个用“、”分隔', example: '日常保洁', width: 24 },
      { header: H.shop, note: '店铺名称；不填为当前店铺（子账号只能填有权限的店铺）', example: '', width: 24 },
      { header: H.intro, note: '最多 500 个字', example: '', width: 30 },
    ],
  },
  check: checkRows,
  write: writeRows,
};
