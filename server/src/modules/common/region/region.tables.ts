import type { Generated } from 'kysely';

export interface RegionTable {
  id: Generated<number>;
  /** Six-digit administrative code. */
  code: string;
  name: string;
  parentCode: string | null;
  /** 1 province, 2 city, 3 district. */
  level: number;
}

declare module '../../../db/schema.ts' {
  interface Database {
    region: RegionTable;
  }
}
