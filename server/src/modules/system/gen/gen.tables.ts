import type { Generated } from 'kysely';

export interface GenTableTable {
  id: Generated<number>;
  tableName: string;
  tableComment: string;
  className: string;
  moduleName: string;
  businessName: string;
  functionName: string;
  parentMenuKey: string;
  tplCategory: string;
  options: string; // JSON object
  remark: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface GenTableColumnTable {
  id: Generated<number>;
  tableId: number;
  columnName: string;
  columnComment: string;
  columnType: string;
  tsType: string;
  isPk: number;
  isRequired: number;
  isInsert: number;
  isEdit: number;
  isList: number;
  isQuery: number;
  queryType: string;
  htmlType: string;
  dictType: string | null;
  sort: number;
  createdAt: string;
  updatedAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    genTable: GenTableTable;
    genTableColumn: GenTableColumnTable;
  }
}
