import type { Generated } from 'kysely';

export interface ResourceTable {
  id: Generated<number>;
  name: string;
  url: string;
  /** Key in the file storage; null for external links. */
  storageKey: string | null;
  /** image | video | pdf | office | link */
  type: string;
  ext: string | null;
  mime: string | null;
  size: number;
  rootPath: string | null;
  uploaderId: number | null;
  merchantId: number | null;
  createdAt: string;
  updatedAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    resource: ResourceTable;
  }
}
