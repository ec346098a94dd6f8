import { STATUS_FLAG } from '@jz/contracts/common';
import {
  CERT_WARN_DAYS,
  type CertificateView,
  type Certificate,
  type Employee,
  type EmployeeAdd,
  type EmployeeEdit,
  type EmployeeOption,
  type EmployeeQuery,
  WORK_STATE,
  maskIdCard,
} from '@jz/contracts/employee';
import { ORDER_STATUS } from '@jz/contracts/order';
import type { ExpressionBuilder, Selectable, Updateable } from 'kysely';
import type { DB } from '../../../db/client.ts';
import type { Database } from '../../../db/schema.ts';
import { business, invalid, notFound } from '../../../lib/errors.ts';
import { ownShopId } from '../../../lib/owned.ts';
import { blindIndex, blindIndexes, open, seal } from '../../../lib/secret-box.ts';
import type { SecretField } from '../../../lib/secret-rotate.ts';
import { likeContains, paginate } from '../../../lib/paging.ts';
import type { Tenant } from '../../../lib/tenant.ts';
import { dayjs, nowIso, TZ } from '../../../lib/time.ts';
import type { EmployeeTable } from './employee.tables.ts';
import type { WeeklyHours } from '@jz/contracts/dispatch';
import { hoursRefusal, jobsLeftOutside } from '../scheduling/employee-hours.ts';
import { lockEmployee } from '../scheduling/employee-lock.ts';
import { endLeaveNow } from '../scheduling/leave.ts';
import { derivedState, type NowSets, nowSets } from '../scheduling/state.ts';
import '../order/order.tables.ts';

/** allowedShopIds: a limited sub-account's shops; another shop's employee is "not found" to it. */
type Scope = Pick<Tenant, 'merchantId' | 'shopId'> & Partial<Pick<Tenant, 'allowedShopIds'>>;
const outsideLimit = (t: Partial<Pick<Tenant, 'allowedShopIds'>>, shopId: number) =>
  !!t.allowedShopIds && !t.allowedShopIds.includes(shopId);
type Row = Selectable<EmployeeTable> & { shopName: string | null };

const STATE_NAMES: Record<number, string> = { 0: '离职', 1: '空闲', 2: '服务中', 3: '休假' };

/** Orders assigned to an employee and not finished yet (待服务 / 服务中). */
const IN_PROGRESS = [ORDER_STATUS.TO_SERVE, ORDER_STATUS.SERVING];

/**
 * The employees among `ids` who still have orders in progress, with how many. Read from the orders themselves, not
 * only from the 服务中 work state, so a state set out of step (by hand, by a migration) cannot let one go.
 */
async function withOrdersInProgress(db: DB, merchantId: number, ids: number[]) {
  if (!ids.length) return new Map<number, number>();
  const rows = await db
    .selectFrom('serviceOrder')
    .select((eb) => ['serviceOrder.employeeId', eb.fn.countAll<number>().as('n')])
    .where('serviceOrder.merchantId', '=', merchantId)
    .where('serviceOrder.employeeId', 'in', ids)
    .where('serviceOrder.status', 'in', IN_PROGRESS)
    .groupBy('serviceOrder.employeeId')
    .execute();
  return new Map(rows.map((r) => [Number(r.employeeId), Number(r.n)]));
}

/** Certificate state relative to today's Shanghai calendar day. */
export function certView(c: Certificate, today = dayjs().tz(TZ).format('YYYY-MM-DD')): CertificateView {
  if (!c.expireAt) return { ...c, expireAt: null, state: 'none', daysLeft: null };
  const daysLeft = dayjs(c.expireAt).diff(dayjs(today), 'day');
  return { ...c, state: daysLeft < 0 ? 'expired' : daysLeft <= CERT_WARN_DAYS ? 'expiring' : 'valid', daysLeft };
}

const parse = <T>(s: string, fallback: T): T => {
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
};

/**
 * The ID number at rest: sealed (AES-256-GCM, lib/secret-box.ts) with a keyed hash beside it for the duplicate check.
 * Written by idCardColumns, opened only by toView (to mask it): the one place for this table.
 */
export const ID_CARD_FIELD: SecretField = {
  table: 'employee',
  column: 'idCardNo',
  purpose: 'employee.idCardNo',
  hash: { column: 'idCardHash', normalize: (v) => v.trim().toUpperCase() },
};
const idCardHashes = (v: string) => blindIndexes(ID_CARD_FIELD.purpose, ID_CARD_FIELD.hash!.normalize(v));
/**
 * The columns of an ID number. None given (docs/security.md: staff are often added before their papers): '' with no hash —
 * the column is NOT NULL since migration 0500, '' means "not registered", nothing is sealed, and the unique index on
 * the hash lets any number of employees have none (secret-rotate.ts leaves '' alone).
 */
export const idCardColumns = (v: string | undefined) =>
  v
    ? {
        idCardNo: seal(ID_CARD_FIELD.purpose, v),
        idCardHash: blindIndex(ID_CARD_FIELD.purpose, ID_CARD_FIELD.hash!.normalize(v)),
      }
    : { idCardNo: '', idCardHash: null };

/**
 * The API shape: JSON columns decoded, the ID number opened and masked, never the whole one. `now`: the schedule's
 * current sets (scheduling/state.ts), from which 服务中 / 休假 are derived; without them the stored state answers.
 */
export function toView(r: Row, now?: NowSets): Employee {
  const { deletedAt: _d, idCardNo, idCardHash: _h, skills, fuwuIds, certificates, workHours, ...rest } = r;
  const certs = parse<Certificate[]>(certificates, []).map((c) => certView(c));
  return {
    ...rest,
    workState: now ? derivedState(r.id, r.workState, now) : r.workState,
    workHours: workHours ? parse<WeeklyHours | null>(workHours, null) : null,
    idCardNo: idCardNo ? maskIdCard(open(ID_CARD_FIELD.purpose, idCardNo, { table: 'employee', id: r.id })) : null,
    skills: parse<string[]>(skills, []),
    fuwuIds: parse<number[]>(fuwuIds, []),
    certificates: certs,
    certAlerts: certs.filter((c) => c.state === 'expired' || c.state === 'expiring').length,
  };
}

/** Every query starts here: the caller's merchant, live rows only. */
const live = (db: DB, t: Pick<Scope, 'merchantId'>) =>
  db
    .selectFrom('employee')
    .leftJoin('shop', 'shop.id', 'employee.shopId')
    .where('employee.merchantId', '=', t.merchantId)
    .where('employee.deletedAt', 'is', null);

/** Shop filter: absent = the caller's current shop, 'all' = every shop of the merchant, else that shop. */
function shopScope(t: Scope, shopId: number | 'all' | undefined) {
  if (shopId === 'all') return undefined;
  return shopId ?? t.shopId ?? undefined;
}

/** Free first, then busy, on leave, resigned. */
const stateOrder = (eb: ExpressionBuilder<Database, 'employee'>) =>
  eb
    .case()
    .when('employee.workState', '=', WORK_STATE.FREE)
    .then(0)
    .when('employee.workState', '=', WORK_STATE.BUSY)
    .then(1)
    .when('employee.workState', '=', WORK_STATE.LEAVE)
    .then(2)
    .else(3)
    .end();

export async function page(db: DB, t: Scope, f: EmployeeQuery) {
  await ownShopId(db, t, f.shopId);
  let q = live(db, t);
  const shop = shopScope(t, f.shopId);
  if (shop !== undefined) q = q.where('employee.shopId', '=', shop);
  if (f.name) q = q.where('employee.name', 'like', likeContains(f.name));
  if (f.phone) q = q.where('employee.phone', 'like', likeContains(f.phone));
  if (f.skill) q = q.where('employee.skills', 'like', likeContains(f.skill));
  // The schedule's current sets: of the whole merchant to filter by state, else of the page's rows only.
  const all = f.workState !== undefined ? await nowSets(db, t.merchantId) : undefined;
  if (all && f.workState !== undefined) q = whereState(q, f.workState, all);
  const res = await paginate(
    q,
    (b) => b.selectAll('employee').select('shop.name as shopName').orderBy('employee.id', 'desc'),
    f,
  );
  const rows = res.records as Row[];
  const sets =
    all ??
    (await nowSets(
      db,
      t.merchantId,
      rows.map((r) => r.id),
    ));
  return { records: rows.map((r) => toView(r, sets)), total: res.total };
}

/**
 * The work-state filter on the derived state (scheduling/state.ts precedence: 离职, 服务中, 休假, 空闲): the sets of
 * employees serving / on leave now are small, so they go into the query as id lists.
 */
function whereState<Q extends ReturnType<typeof live>>(q: Q, state: number, s: NowSets): Q {
  const busy = [...s.busy, -1];
  const leave = [...s.leave, -1];
  const q2 = q as ReturnType<typeof live>;
  if (state === WORK_STATE.RESIGNED) return q2.where('employee.workState', '=', WORK_STATE.RESIGNED) as Q;
  const working = q2.where('employee.workState', '!=', WORK_STATE.RESIGNED);
  if (state === WORK_STATE.BUSY) return working.where('employee.id', 'in', busy) as Q;
  if (state === WORK_STATE.LEAVE)
    return working
      .where('employee.id', 'not in', busy)
      .where((eb) => eb.or([eb('employee.id', 'in', leave), eb('employee.workState', '=', WORK_STATE.LEAVE)])) as Q;
  return working
    .where('employee.id', 'not in', busy)
    .where('employee.id', 'not in', leave)
    .where('employee.workState', '!=', WORK_STATE.LEAVE) as Q;
}

/** For pickers (order assignment): live, not resigned; free employees first, then the least busy. */
export async function list(
  db: DB,
  t: Scope,
  f: { name?: string; workState?: number; shopId?: number | 'all' },
): Promise<EmployeeOption[]> {
  await ownShopId(db, t, f.shopId);
  let q = live(db, t).where('employee.workState', '!=', WORK_STATE.RESIGNED);
  const shop = shopScope(t, f.shopId);
  if (shop !== undefined) q = q.where('employee.shopId', '=', shop);
  if (f.name) q = q.where('employee.name', 'like', likeContains(f.name));
  const sets = await nowSets(db, t.merchantId);
  if (f.workState !== undefined) q = whereState(q, f.workState, sets);
  const rows = await q
    .select([
      'employee.id',
      'employee.name',
      'employee.phone',
      'employee.shopId',
      'employee.workState',
      'employee.skills',
      'employee.rating',
      'employee.completedOrders',
    ])
    .orderBy(stateOrder)
    .orderBy('employee.completedOrders', 'asc')
    .orderBy('employee.id')
    .limit(500)
    .execute();
  const rank = [3, 0, 1, 2]; // free, busy, on leave (resigned ones are not listed)
  return rows
    .map((r) => ({ ...r, workState: derivedState(r.id, r.workState, sets), skills: parse<string[]>(r.skills, []) }))
    .sort((a, b) => rank[a.workState] - rank[b.workState] || a.completedOrders - b.completedOrders || a.id - b.id);
}

async function findRow(db: DB, t: Pick<Scope, 'merchantId' | 'allowedShopIds'>, id: number) {
  const row = await live(db, t)
    .selectAll('employee')
    .select('shop.name as shopName')
    .where('employee.id', '=', id)
    .executeTakeFirst();
  if (!row || outsideLimit(t, row.shopId)) throw notFound('员工不存在');
  return row as Row;
}

export const findById = async (db: DB, t: Pick<Scope, 'merchantId'>, id: number) =>
  toView(await findRow(db, t, id), await nowSets(db, t.merchantId, [id]));

async function assertUnique(
  db: DB,
  t: Pick<Scope, 'merchantId'>,
  v: { phone?: string; idCardNo?: string },
  exceptId?: number,
) {
  // The ID number by its keyed hash under every key of the ring (rows not yet rotated count too).
  const clash = async (col: 'phone' | 'idCardHash', values: string[]) => {
    if (!values.length) return false;
    let q = db
      .selectFrom('employee')
      .select('id')
      .where('merchantId', '=', t.merchantId)
      .where('deletedAt', 'is', null)
      .where(col, 'in', values);
    if (exceptId) q = q.where('id', '!=', exceptId);
    return !!(await q.executeTakeFirst());
  };
  if (v.phone && (await clash('phone', [v.phone]))) throw business(`手机号 ${v.phone} 已被本商家的其他员工使用`);
  if (v.idCardNo && (await clash('idCardHash', idCardHashes(v.idCardNo))))
    throw business('该身份证号已登记为本商家的员工');
}

/** The unique indexes are the last word when two requests race past the checks above. */
function uniqueClash(err: unknown): never {
  const e = err as { code?: string; message?: string };
  if (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE') {
    throw business(
      /id_card/.test(e.message ?? '') ? '该身份证号已登记为本商家的员工' : '手机号已被本商家的其他员工使用',
    );
  }
  throw err;
}

/** Service categories (platform tree, fuwu module) must exist and be enabled. */
async function assertSkillCategories(db: DB, ids: number[] | undefined) {
  if (!ids?.length) return;
  const found = await db
    .selectFrom('fuwu')
    .select('id')
    .where('id', 'in', ids)
    .where('status', '=', STATUS_FLAG.ENABLED)
    .execute();
  if (found.length !== new Set(ids).size) throw invalid('所选服务类目不存在或已停用');
}

export async function add(db: DB, t: Scope, v: EmployeeAdd) {
  const shopId = v.shopId ?? t.shopId;
  if (!shopId) throw business('请先创建店铺');
  refuseHandLeave(v.workState);
  await ownShopId(db, t, shopId); // another merchant's shop is "not found"
  await assertSkillCategories(db, v.fuwuIds);
  await assertUnique(db, t, v);
  const now = nowIso();
  assertBase(v);
  let created: { id: number };
  try {
    created = await db
      .insertInto('employee')
      .values({
        merchantId: t.merchantId,
        shopId,
        name: v.name,
        phone: v.phone,
        gender: v.gender,
        birthDate: v.birthDate ?? null,
        avatarUrl: v.avatarUrl ?? null,
        ...idCardColumns(v.idCardNo),
        idCardFrontUrl: v.idCardFrontUrl ?? null,
        idCardBackUrl: v.idCardBackUrl ?? null,
        nativePlace: v.nativePlace ?? null,
        workYears: v.workYears,
        skills: JSON.stringify(v.skills),
        fuwuIds: JSON.stringify([...new Set(v.fuwuIds)]),
        certificates: JSON.stringify(v.certificates),
        workState: v.workState ?? WORK_STATE.FREE,
        rating: 5,
        completedOrders: 0,
        intro: v.intro ?? null,
        // Not given: the shop's default for new employees (排班), else none (the shop's business hours).
        workHours:
          v.workHours !== undefined ? v.workHours && JSON.stringify(v.workHours) : await shopDefaultHours(db, shopId),
        baseLat: v.baseLat ?? null,
        baseLng: v.baseLng ?? null,
        deletedAt: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  } catch (err) {
    uniqueClash(err);
  }
  return created;
}

/**
 * 休假 is a dated leave (休假对话框: from, to, reason), never a state set by hand: the server no longer books a period
 * of its own choosing.
 */
function refuseHandLeave(workState: number | undefined) {
  if (workState === WORK_STATE.LEAVE) throw invalid('设为休假请登记休假的起止时间（请假/休假）');
}

/** The shop's default weekly hours for new employees (JSON text as stored), null when it set none. */
async function shopDefaultHours(db: DB, shopId: number) {
  const s = await db
    .selectFrom('shopSetting')
    .select('defaultWorkHours')
    .where('shopId', '=', shopId)
    .executeTakeFirst();
  return s?.defaultWorkHours ?? null;
}

/** The base location is a point: both coordinates or neither. */
function assertBase(v: { baseLat?: number | null; baseLng?: number | null }) {
  if (v.baseLat === undefined && v.baseLng === undefined) return;
  if ((v.baseLat == null) !== (v.baseLng == null)) throw invalid('常驻地的经度和纬度须同时填写');
}

/** GET yuangong/checkHours: the orders new weekly hours would leave outside them (asked before saving). */
export async function checkHours(db: DB, t: Scope, v: { id: number; workHours: WeeklyHours | null }) {
  const cur = await findRow(db, t, v.id);
  return { orders: await jobsLeftOutside(db, cur, v.workHours) };
}

export async function edit(db: DB, t: Scope, v: EmployeeEdit) {
  const { id, skills, fuwuIds, certificates, idCardNo, workHours, workState, confirmHours, ...rest } = v;
  refuseHandLeave(workState);
  const cur = await findRow(db, t, id);
  assertBase(v);
  if (rest.shopId !== undefined) await ownShopId(db, t, rest.shopId);
  await assertSkillCategories(db, fuwuIds);
  await assertUnique(db, t, { phone: rest.phone, idCardNo }, id);
  const set: Updateable<EmployeeTable> = { ...stripUndefined(rest), updatedAt: nowIso() };
  if (idCardNo !== undefined) Object.assign(set, idCardColumns(idCardNo));
  if (skills !== undefined) set.skills = JSON.stringify(skills);
  if (fuwuIds !== undefined) set.fuwuIds = JSON.stringify([...new Set(fuwuIds)]);
  if (certificates !== undefined) set.certificates = JSON.stringify(certificates);
  if (workHours !== undefined) set.workHours = workHours ? JSON.stringify(workHours) : null;

  // 休假 is a dated leave (refused above: the console's 请假/休假 dialog adds it); 空闲 ends the current leave; only
  // 离职 is still a stored state.
  let guardBusy = false;
  if (workState === WORK_STATE.RESIGNED && (await nowSets(db, t.merchantId, [id])).busy.has(id))
    throw business(`${cur.name} 正在服务中，订单完成后才能改为「${STATE_NAMES[workState]}」`);
  if (workState === WORK_STATE.FREE) {
    await endLeaveNow(db, t.merchantId, id);
    if (cur.workState === WORK_STATE.LEAVE || cur.workState === WORK_STATE.RESIGNED) set.workState = WORK_STATE.FREE;
  } else if (workState === WORK_STATE.RESIGNED && cur.workState !== WORK_STATE.RESIGNED) {
    // The stored 2 only means "has orders in hand" (the order flow's guard, never shown): the orders themselves say
    // why, and the conditional update below catches an assignment racing this change.
    const n = (await withOrdersInProgress(db, t.merchantId, [id])).get(id);
    if (n) throw business(`${cur.name} 还有 ${n} 个进行中的订单，请先完成或改派后再改为「${STATE_NAMES[workState]}」`);
    set.workState = workState;
    guardBusy = true;
  }
  const write = async (x: DB) => {
    let q = x
      .updateTable('employee')
      .set(set)
      .where('id', '=', id)
      .where('merchantId', '=', t.merchantId)
      .where('deletedAt', 'is', null);
    if (guardBusy) q = q.where('workState', '!=', WORK_STATE.BUSY);
    const r = await q.executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) {
      if (guardBusy) throw business(`${cur.name} 刚刚开始服务，无法更改工作状态`);
      throw notFound('员工不存在');
    }
  };
  try {
    if (workHours === undefined) await write(db);
    // New weekly hours may leave assigned orders outside them: refused (2004, naming them) unless the merchant saw
    // them and confirmed. Under the assignment's lock, so an order assigned meanwhile is counted too.
    else
      await db.transaction().execute(async (trx) => {
        await lockEmployee(trx, id);
        if (!confirmHours) {
          const now = await trx
            .selectFrom('employee')
            .select(['id', 'shopId', 'workHours'])
            .where('id', '=', id)
            .executeTakeFirstOrThrow();
          const left = await jobsLeftOutside(trx, { ...now, shopId: rest.shopId ?? now.shopId }, workHours ?? null);
          if (left.length) throw business(hoursRefusal(cur.name, left));
        }
        await write(trx);
      });
  } catch (err) {
    uniqueClash(err);
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined)) as Partial<T>;
}

/**
 * delByIds: all or nothing. Every id must be the merchant's live employee (else 2002); one who is serving refuses the
 * whole call (2004, naming them). The soft delete itself is conditional on "not serving", so a race loses cleanly.
 */
export async function remove(db: DB, t: Pick<Scope, 'merchantId' | 'allowedShopIds'>, ids: number[]) {
  await db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('employee')
      .select(['id', 'name', 'workState', 'shopId'])
      .where('merchantId', '=', t.merchantId)
      .where('deletedAt', 'is', null)
      .where('id', 'in', ids)
      .execute();
    const rows = found.filter((r) => !outsideLimit(t, r.shopId));
    if (rows.length !== ids.length) throw notFound(ids.length > 1 ? '部分员工不存在' : '员工不存在');
    const open = await withOrdersInProgress(trx, t.merchantId, ids);
    const busy = rows.filter((r) => r.workState === WORK_STATE.BUSY || open.has(r.id));
    if (busy.length)
      throw business(
        `${busy.map((r) => (open.get(r.id) ? `${r.name}（${open.get(r.id)} 单）` : r.name)).join('、')}还有进行中的订单，订单完成或改派后才能删除`,
      );
    const now = nowIso();
    const r = await trx
      .updateTable('employee')
      .set({ deletedAt: now, updatedAt: now })
      .where('merchantId', '=', t.merchantId)
      .where('deletedAt', 'is', null)
      .where('workState', '!=', WORK_STATE.BUSY)
      .where('id', 'in', ids)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== ids.length) {
      // Lost a race: someone deleted one meanwhile (2002), or it started serving (2004). The transaction rolls back.
      const now2 = await trx
        .selectFrom('employee')
        .select(['deletedAt', 'workState'])
        .where('merchantId', '=', t.merchantId)
        .where('id', 'in', ids)
        .execute();
      if (now2.some((x) => x.deletedAt !== null)) throw notFound(ids.length > 1 ? '部分员工不存在' : '员工不存在');
      throw business('有员工刚刚开始服务，不能删除，请刷新后重试');
    }
  });
}
