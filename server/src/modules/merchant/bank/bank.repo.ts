import type { BankBranch, BankBranchQuery } from '@jz/contracts/bank';
import type { Page } from '@jz/contracts/envelope';
import { sql } from 'kysely';
import type { DB } from '../../../db/client.ts';
import { nowIso } from '../../../lib/time.ts';
import './bank.tables.ts';

const columns = ['code', 'bankName', 'branchName', 'province', 'city'] as const;

/** LIKE pattern with an explicit escape character, so "%" and "_" typed by a user match literally on both databases. */
const contains = (s: string) => `%${s.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/**
 * findYinhanghao: branches of a bank (name contains `bankName`) whose branch name, city, province or code contains
 * `keyword`; ordered by bank, province, city, code.
 */
export async function searchBranches(db: DB, q: BankBranchQuery): Promise<Page<BankBranch>> {
  let base = db.selectFrom('bankBranch');
  if (q.bankName) base = base.where(sql<boolean>`bank_name like ${contains(q.bankName)} escape '!'`);
  if (q.keyword) {
    const k = contains(q.keyword);
    base = base.where(
      sql<boolean>`(branch_name like ${k} escape '!' or city like ${k} escape '!' or province like ${k} escape '!' or code like ${k} escape '!')`,
    );
  }
  const [{ total }] = await base.select(sql<number>`count(*)`.as('total')).execute();
  const records = Number(total)
    ? await base
        .select(columns)
        .orderBy('bankName')
        .orderBy('province')
        .orderBy('city')
        .orderBy('code')
        .limit(q.pageSize)
        .offset((q.pageNum - 1) * q.pageSize)
        .execute()
    : [];
  return { records, total: Number(total) };
}

export async function branchByCode(db: DB, code: string): Promise<BankBranch | undefined> {
  return db.selectFrom('bankBranch').select(columns).where('code', '=', code).executeTakeFirst();
}

/**
 * Inserts or updates branches by code (the import script and the seed). Answers how many rows were new.
 * Runs in chunks inside one transaction.
 */
export async function upsertBranches(db: DB, input: BankBranch[]): Promise<{ inserted: number; updated: number }> {
  const rows = [...new Map(input.map((r) => [r.code, r])).values()];
  const now = nowIso();
  let inserted = 0;
  let updated = 0;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 200) {
      const chunk = rows.slice(i, i + 200);
      const existing = new Set(
        (
          await trx
            .selectFrom('bankBranch')
            .select('code')
            .where(
              'code',
              'in',
              chunk.map((r) => r.code),
            )
            .execute()
        ).map((r) => r.code),
      );
      const fresh = chunk.filter((r) => !existing.has(r.code));
      if (fresh.length)
        await trx
          .insertInto('bankBranch')
          .values(fresh.map((r) => ({ ...r, createdAt: now, updatedAt: now })))
          .execute();
      for (const r of chunk.filter((x) => existing.has(x.code))) {
        await trx
          .updateTable('bankBranch')
          .set({ bankName: r.bankName, branchName: r.branchName, province: r.province, city: r.city, updatedAt: now })
          .where('code', '=', r.code)
          .execute();
      }
      inserted += fresh.length;
      updated += chunk.length - fresh.length;
    }
  });
  return { inserted, updated };
}
