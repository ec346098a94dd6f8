import {
  FINANCE_RULES_DEFAULTS,
  FINANCE_RULES_TYPE,
  type FinanceRules,
  financeRulesSchema,
} from '@jz/contracts/finance';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { isPg } from '../../../db/migration-kit.ts';

/**
 * The one place that reads the platform's finance rules: config record type 'finance_rules' whose value is a JSON
 * string such as {"commissionRate":5,"settleDays":7,"minWithdraw":1000,"withdrawFee":0}. A missing table, record or
 * field falls back to the defaults (5 %, T+7, 10 yuan, 0). The table is probed first so that, on PostgreSQL, a missing
 * table never aborts the caller's transaction.
 */
export async function financeRules(db: Kysely<Database>): Promise<FinanceRules> {
  try {
    const exists = isPg(db)
      ? (await sql<{ t: string | null }>`select to_regclass('config')::text as t`.execute(db)).rows[0]?.t
      : (
          await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name = 'config'`.execute(
            db,
          )
        ).rows[0]?.name;
    if (!exists) return { ...FINANCE_RULES_DEFAULTS };
    const row = (await sql<{ value: string }>`select value from config where type = ${FINANCE_RULES_TYPE}`.execute(db))
      .rows[0];
    if (!row) return { ...FINANCE_RULES_DEFAULTS };
    const parsed = financeRulesSchema.safeParse(JSON.parse(row.value));
    return parsed.success ? parsed.data : { ...FINANCE_RULES_DEFAULTS };
  } catch {
    return { ...FINANCE_RULES_DEFAULTS };
  }
}
