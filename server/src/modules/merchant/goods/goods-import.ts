import { STATUS_FLAG } from '@jz/contracts/common';
import { goodsFields, SHELF_STATE } from '@jz/contracts/goods';
import {
  type GoodsSpecInput,
  goodsSpecInput,
  SPEC_MODE_NAME,
  SPEC_MODES,
  SPEC_UNITS,
  type SpecMode,
  specListProblems,
} from '@jz/contracts/goods-pricing';
import type { DB } from '../../../db/client.ts';
import { type Importer, type Progress, RowFailure } from '../../../lib/import/import-flow.ts';
import type { ImportProblem } from '../../../lib/import/report.ts';
import type { SheetRow } from '../../../lib/import/sheet-reader.ts';
import { s3SettingsFromEnv } from '../../../lib/storage/s3.ts';
import { UPLOAD_URL_PREFIX } from '../../../lib/storage/storage.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { type GoodsValues, insertGoodsWithSpecs, type Trx } from './goods-spec.repo.ts';

/**
 * 商品批量导入 with specifications (docs/import.md): one row per specification, consecutive rows with the
 * same 商品名称 form one item. Each specification is validated with the goods form's goodsSpecInput, each item's list
 * with specListProblems, the item's own fields with the goods fields' schemas; the category must be one the current
 * shop offers. Items are created 下架 in the caller's current shop (goods-spec.repo.ts insertGoodsWithSpecs).
 */
export const GOODS_COLUMNS = {
  name: '商品名称',
  fuwu: '服务类目',
  cover: '封面图链接',
  tags: '标签',
  intro: '介绍',
  specName: '规格名称',
  mode: '计价方式',
  unit: '单位',
  price: '价格（元）',
  originalPrice: '原价（元）',
  minQuantity: '起订数量',
  maxQuantity: '最多数量',
  minCharge: '最低消费（元）',
  areaMin: '最小面积',
  areaMax: '最大面积',
  duration: '服务时长（分钟）',
  stock: '库存',
  dailyCapacity: '每日可约',
  status: '状态',
} as const;
const H = GOODS_COLUMNS;

/** Which column a goodsSpecInput field comes from. */
const SPEC_COLUMN: Record<string, string> = {
  name: H.specName,
  mode: H.mode,
  unit: H.unit,
  price: H.price,
  originalPrice: H.originalPrice,
  minQuantity: H.minQuantity,
  maxQuantity: H.maxQuantity,
  minCharge: H.minCharge,
  areaMin: H.areaMin,
  areaMax: H.areaMax,
  durationMinutes: H.duration,
  stock: H.stock,
  dailyCapacity: H.dailyCapacity,
  status: H.status,
};
const MONEY = [H.price, H.originalPrice, H.minCharge] as const;
const MODE_BY_NAME = new Map<string, SpecMode>([
  ...SPEC_MODES.map((m) => [SPEC_MODE_NAME[m], m] as [string, SpecMode]),
  ['按次', 'fixed'],
  ['套餐', 'fixed'],
  ...SPEC_MODES.map((m) => [m, m] as [string, SpecMode]),
]);
const STATUS_BY_NAME: Record<string, number> = { 启用: 1, 停用: 0 };

/** Yuan as typed → integer fen by its digits ('12.5' → 1250); null when it is not a number with ≤ 2 decimals. */
export function yuanToFenDigits(s: string): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s.replace(/,/g, ''));
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

const splitList = (s: string) =>
  s
    .split(/[、,，;；]/)
    .map((x) => x.trim())
    .filter(Boolean);

/** A grey cover with the category's name: the item stays 下架 until the merchant uploads a real one. */
export function placeholderCover(category: string) {
  const text = category.replace(/[<>&"']/g, '').slice(0, 8);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#f0f0f0"/><text x="200" y="160" font-size="36" text-anchor="middle" fill="#8c8c8c" font-family="sans-serif">${text}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** A cover must be an image of this console's storage (local uploads or the configured object store). */
function ownImage(url: string) {
  if (url.startsWith(UPLOAD_URL_PREFIX)) return true;
  const s3 = s3SettingsFromEnv();
  return !!s3 && url.startsWith(`${s3.publicUrl}/`);
}

interface PlannedItem {
  row: number;
  values: GoodsValues;
  specs: GoodsSpecInput[];
}

async function checkRows(
  db: DB,
  t: Tenant,
  rows: SheetRow[],
  o: { progress: Progress },
): Promise<{ problems: ImportProblem[]; plan: PlannedItem[] }> {
  const problems: ImportProblem[] = [];
  const add = (r: SheetRow, column: string, message: string) =>
    problems.push({ row: r.row, column, value: column ? (r.cells[column] ?? '') : '', message });
  const shop = t.shopId
    ? await db
        .selectFrom('shop')
        .select('fuwuIds')
        .where('id', '=', t.shopId)
        .where('merchantId', '=', t.merchantId)
        .executeTakeFirst()
    : undefined;
  const offered = new Set(shop ? (JSON.parse(shop.fuwuIds) as number[]) : []);
  const categories = await db
    .selectFrom('fuwu')
    .select(['id', 'name'])
    .where('status', '=', STATUS_FLAG.ENABLED)
    .execute();
  const categoryNamed = (name: string) => categories.find((f) => f.name.trim() === name && offered.has(f.id));

  // Consecutive rows with the same 商品名称 are one item.
  const groups: SheetRow[][] = [];
  for (const r of rows) {
    const last = groups.at(-1);
    if (last && r.cells[H.name] && last[0].cells[H.name] === r.cells[H.name]) last.push(r);
    else groups.push([r]);
  }

  const plan: PlannedItem[] = [];
  let done = 0;
  for (const group of groups) {
    const first = group[0];
    const c = first.cells;
    const before = problems.length;
    if (!t.shopId) add(first, '', '请先创建店铺');
    // The item's own fields: from its first row; a later row may repeat them or leave them empty.
    for (const r of group.slice(1))
      for (const col of [H.fuwu, H.cover, H.tags, H.intro])
        if (r.cells[col] && r.cells[col] !== c[col]) add(r, col, `同一商品的「${col}」须与第 ${first.row} 行一致`);
    const name = goodsFields.shape.name.safeParse(c[H.name]);
    if (!name.success) add(first, H.name, name.error.issues[0].message);
    const category = c[H.fuwu] ? categoryNamed(c[H.fuwu]) : undefined;
    if (!c[H.fuwu]) add(first, H.fuwu, '请填写服务类目');
    else if (!category) add(first, H.fuwu, `「${c[H.fuwu]}」不是当前店铺开通的服务类目`);
    let coverUrl = placeholderCover(c[H.fuwu] || '商品');
    if (c[H.cover]) {
      const cover = goodsFields.shape.coverUrl.safeParse(c[H.cover]);
      if (!cover.success) add(first, H.cover, cover.error.issues[0].message);
      else if (!ownImage(cover.data)) add(first, H.cover, '封面图须为本系统上传的图片链接（可先在资源库上传）');
      else coverUrl = cover.data;
    }
    const tags = goodsFields.shape.tags.safeParse(splitList(c[H.tags]));
    if (!tags.success) add(first, H.tags, tags.error.issues[0].message);
    const intro = goodsFields.shape.intro.safeParse(c[H.intro]);
    if (!intro.success) add(first, H.intro, intro.error.issues[0].message);

    const specs: GoodsSpecInput[] = [];
    for (const r of group) {
      const s = r.cells;
      const fen: Record<string, number | string> = {};
      let moneyOk = true;
      for (const col of MONEY) {
        if (!s[col]) continue;
        const v = yuanToFenDigits(s[col]);
        if (v === null) {
          add(r, col, '金额须为数字，最多两位小数');
          moneyOk = false;
        } else fen[col] = v;
      }
      const mode = MODE_BY_NAME.get(s[H.mode]);
      if (s[H.mode] && !mode) add(r, H.mode, '计价方式须为“按次/套餐”“按面积段”或“按单位计价”');
      const status = s[H.status] ? STATUS_BY_NAME[s[H.status]] : undefined;
      if (s[H.status] && status === undefined) add(r, H.status, '状态须为“启用”或“停用”');
      if (s[H.unit] && !(SPEC_UNITS as readonly string[]).includes(s[H.unit]))
        add(r, H.unit, `单位须为${SPEC_UNITS.join('、')}之一`);
      const parsed = goodsSpecInput.safeParse({
        name: s[H.specName],
        mode: mode ?? (s[H.mode] ? 'invalid' : undefined),
        unit: s[H.unit],
        price: fen[H.price] ?? (s[H.price] ? 'x' : undefined),
        originalPrice: fen[H.originalPrice] ?? '',
        minQuantity: s[H.minQuantity],
        maxQuantity: s[H.maxQuantity],
        minCharge: fen[H.minCharge] ?? '',
        areaMin: s[H.areaMin],
        areaMax: s[H.areaMax],
        durationMinutes: s[H.duration],
        stock: s[H.stock],
        dailyCapacity: s[H.dailyCapacity],
        status: status ?? '',
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const col = SPEC_COLUMN[String(issue.path[0])] ?? '';
          // Said above in plainer words.
          if (
            (col === H.mode && s[H.mode] && !mode) ||
            (col === H.unit && s[H.unit] && !SPEC_UNITS.includes(s[H.unit] as never))
          )
            continue;
          if (MONEY.includes(col as never) && s[col] && !moneyOk && fen[col] === undefined) continue;
          add(r, col, issue.message);
        }
      } else specs.push(parsed.data);
    }
    if (specs.length === group.length)
      for (const message of specListProblems(specs)) add(first, H.specName, `商品「${c[H.name]}」：${message}`);
    if (problems.length === before && category && name.success && tags.success && intro.success)
      plan.push({
        row: first.row,
        values: {
          fuwuId: category.id,
          name: name.data,
          coverUrl,
          tags: JSON.stringify(tags.data ?? []),
          intro: intro.data ? `<p>${escapeHtml(intro.data).replace(/\r?\n/g, '<br>')}</p>` : null,
          shelfState: SHELF_STATE.OFF,
        },
        specs,
      });
    done += group.length;
    if (done % 500 < group.length) await o.progress(done);
  }
  await o.progress(rows.length);
  return { problems, plan: problems.length ? [] : plan };
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function writeItems(trx: Trx, t: Tenant, plan: PlannedItem[], progress: Progress) {
  let n = 0;
  for (const item of plan) {
    try {
      await insertGoodsWithSpecs(trx, { merchantId: t.merchantId, shopId: t.shopId! }, item.values, item.specs);
    } catch (err) {
      const e = err as { message?: string; code?: number };
      if (typeof e.code === 'number') throw new RowFailure(item.row, H.name, e.message ?? '无法导入');
      throw err;
    }
    n++;
    if (n % 100 === 0) await progress(n);
  }
  await progress(n);
  return n;
}

export const goodsImporter: Importer<PlannedItem[]> = {
  kind: 'goods',
  templateName: '商品导入模板',
  asciiName: 'goods-import-template',
  headers: Object.values(GOODS_COLUMNS),
  required: [H.name, H.fuwu, H.specName, H.mode, H.price, H.duration],
  template: {
    sheet: '商品',
    notes: [
      '商品批量导入说明：',
      '1. 每行一个规格；相邻且“商品名称”相同的行是同一个商品的多个规格（商品的类目、封面、标签、介绍填在第一行）。',
      '2. 带 * 的列必填；金额单位为元，最多两位小数；面积为整数平方米。',
      '3. 计价方式：按次/套餐（单位填 次、天、月 等）、按面积段（填最小/最大面积）、按单位计价（单位填 小时、平方米、天 或 月，可填最低消费）。',
      '4. 导入的商品在当前店铺中创建，状态为下架；封面图不填时使用类目占位图，请上传封面后再上架。',
      '5. 每个文件最多 5000 行、不超过 10MB；任何一行出错则全部不导入。',
    ],
    columns: [
      { header: H.name, required: true, note: '最多 50 个字', example: '日常保洁', width: 18 },
      { header: H.fuwu, required: true, note: '当前店铺已开通的服务类目名称', example: '日常保洁', width: 14 },
      { header: H.cover, note: '本系统上传图片的链接；不填用类目占位图', example: '', width: 24 },
      { header: H.tags, note: '多个用“、”分隔，最多 10 个', example: '自带工具、准时上门', width: 20 },
      { header: H.intro, note: '文字介绍', example: '专业保洁员上门服务', width: 24 },
      { header: H.specName, required: true, note: '同一商品内不重复，最多 50 个字', example: '3小时', width: 14 },
      {
        header: H.mode,
        required: true,
        note: '计价方式',
        example: '按次/套餐',
        list: SPEC_MODES.map((m) => SPEC_MODE_NAME[m]),
        width: 14,
      },
      { header: H.unit, note: '按面积段可不填', example: '次', list: SPEC_UNITS },
      { header: H.price, required: true, note: '元，最多两位小数', example: '159', width: 12 },
      { header: H.originalPrice, note: '元，不低于价格', example: '199', width: 12 },
      { header: H.minQuantity, note: '整数，不填为 1', example: '1' },
      { header: H.maxQuantity, note: '整数，不填不限', example: '' },
      { header: H.minCharge, note: '元，仅按单位计价', example: '', width: 14 },
      // Half-open bands [最小面积, 最大面积): 0–80, 80–120, 120– meet without overlapping (docs/import.md).
      { header: H.areaMin, note: '平方米，仅按面积段；含此面积，0 或不填为不限', example: '' },
      { header: H.areaMax, note: '平方米，仅按面积段；不含此面积（80 属于 80–120），最后一段可不填', example: '' },
      { header: H.duration, required: true, note: '分钟：按单位计价为每单位，其余为每单', example: '180', width: 16 },
      { header: H.stock, note: '整数，不填不限', example: '' },
      { header: H.dailyCapacity, note: '每天可约单数，不填不限', example: '' },
      { header: H.status, note: '不填为启用', example: '启用', list: ['启用', '停用'] },
    ],
  },
  check: (db, t, rows, o) => checkRows(db, t, rows, o),
  write: writeItems,
};
