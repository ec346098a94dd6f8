import type { Generated } from 'kysely';

export interface ConfigTable {
  id: Generated<number>;
  type: string;
  /** JSON-encoded object, e.g. {"content":"<p>…</p>"}. */
  value: string;
  createdAt: string;
  updatedAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    config: ConfigTable;
  }
}
