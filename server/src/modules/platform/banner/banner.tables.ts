import type { Generated } from 'kysely';

export interface BannerTable {
  id: Generated<number>;
  title: string;
  imageUrl: string;
  linkUrl: string | null;
  position: string;
  sort: number;
  status: number;
  startAt: string | null;
  endAt: string | null;
  createdAt: string;
  updatedAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    banner: BannerTable;
  }
}
