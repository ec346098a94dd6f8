import type { TestApp } from './app.ts';

/**
 * Rows a test writes straight to the database, for states the API would not let it build (a category no employee
 * does, the whole staff on leave): one place for each row's columns.
 */
type Db = Pick<TestApp, 'db'>;

/** A top-level service category (on); answers its id. */
export async function addCategory(t: Db, name: string) {
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto('fuwu')
    .values({ parentId: null, name, icon: null, sort: 99, status: 1, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Dated leave from `startsAt` to `endsAt` (ISO) for each employee. */
export async function addLeave(
  t: Db,
  employees: { id: number; merchantId: number }[],
  startsAt: string,
  endsAt: string,
  reason: string,
) {
  if (!employees.length) return;
  const now = new Date().toISOString();
  await t.db
    .insertInto('employeeLeave')
    .values(
      employees.map((e) => ({
        merchantId: e.merchantId,
        employeeId: e.id,
        startsAt,
        endsAt,
        reason,
        createdBy: null,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
}
