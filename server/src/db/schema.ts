import type { Generated } from 'kysely';

/**
 * Kysely table types, in camelCase (CamelCasePlugin maps them to snake_case columns).
 * Modules add their own tables by declaration merging in their own `*.tables.ts`:
 *   declare module '../../../db/schema.ts' { interface Database { goods: GoodsTable } }
 * Times are ISO-8601 UTC strings; money is integer fen; flags are 0/1 integers.
 */
export interface Database {
  merchant: MerchantTable;
  shop: ShopTable;
  user: UserTable;
  session: SessionTable;
  smsCode: SmsCodeTable;
  role: RoleTable;
  roleMenu: RoleMenuTable;
  userRole: UserRoleTable;
  userShop: UserShopTable;
  menu: MenuTable;
  dictType: DictTypeTable;
  dictData: DictDataTable;
  oplog: OplogTable;
}

export interface MerchantTable {
  id: Generated<number>;
  name: string;
  status: number;
  createdAt: string;
  updatedAt: string;
}

export interface ShopTable {
  id: Generated<number>;
  merchantId: number;
  parentId: number | null;
  name: string;
  logoUrl: string | null;
  images: string; // JSON string[]
  contactName: string | null;
  phone: string | null;
  provinceCode: string | null;
  cityCode: string | null;
  districtCode: string | null;
  address: string | null;
  lat: number | null;
  lng: number | null;
  serviceArea: string; // JSON [{lat,lng}] GCJ-02
  businessHours: string | null;
  yingyeState: number;
  intro: string | null;
  fuwuIds: string; // JSON number[]
  auditStatus: number;
  auditRemark: string | null;
  rating: number;
  orderCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface UserTable {
  id: Generated<number>;
  userType: 'platform' | 'merchant';
  merchantId: number | null;
  isOwner: number;
  loginName: string;
  nickName: string;
  phone: string;
  headUrl: string | null;
  passwordHash: string | null;
  status: number;
  currentShopId: number | null;
  /**
   * 1 = may work in every shop of its merchant (owners, and sub-accounts granted "all shops" explicitly); 0 = only
   * the shops of its user_shop rows (none = no shop at all). Migration 1001.
   */
  allShops: Generated<number>;
  lastLoginAt: string | null;
  lastLoginIp: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface SessionTable {
  id: Generated<number>;
  tokenHash: string;
  userId: number;
  expiresAt: string;
  revokedAt: string | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
}

export interface SmsCodeTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  codeHash: string;
  expiresAt: string;
  attempts: number;
  usedAt: string | null;
  ip: string | null;
  createdAt: string;
}

export interface RoleTable {
  id: Generated<number>;
  name: string;
  code: string;
  merchantId: number | null;
  scope: 'platform' | 'merchant';
  remark: string | null;
  status: number;
  sort: number;
  builtIn: number;
  createdAt: string;
  updatedAt: string;
}

export interface RoleMenuTable {
  roleId: number;
  menuId: number;
}

export interface UserRoleTable {
  userId: number;
  roleId: number;
}

/**
 * The shops a sub-account may work in (written by the account module, read by every merchant call's scope: lib/tenant.ts,
 * lib/authority.ts): core, like user_role, so the layers below the modules need no module's tables.
 */
export interface UserShopTable {
  userId: number;
  shopId: number;
  merchantId: number;
}

export interface MenuTable {
  id: Generated<number>;
  parentId: number | null;
  seedKey: string | null;
  name: string;
  icon: string | null;
  type: 'CAIDAN' | 'ZICAIDAN' | 'ANNIU';
  routerUrl: string | null;
  routerParam: string | null;
  component: string | null;
  perms: string | null;
  status: number;
  sort: number;
  scope: 'platform' | 'merchant';
  createdAt: string;
  updatedAt: string;
}

export interface DictTypeTable {
  id: Generated<number>;
  name: string;
  type: string;
  status: number;
  remark: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface DictDataTable {
  id: Generated<number>;
  dictType: string;
  dictLabel: string;
  dictValue: string;
  sort: number;
  tagType: string | null;
  status: number;
  remark: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface OplogTable {
  id: Generated<number>;
  userId: number | null;
  loginName: string | null;
  title: string;
  type: string;
  method: string;
  url: string;
  params: string | null;
  ip: string | null;
  userAgent: string | null;
  durationMs: number;
  success: number;
  errorMessage: string | null;
  createdAt: string;
}
