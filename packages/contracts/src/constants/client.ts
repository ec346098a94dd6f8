// The schema-free part of client.ts (re-exported there): constants, labels and helpers a page may import without
// loading zod and the module's schemas (docs/contracts.md "Constants without schemas"). Import nothing with schemas here.
/**
 * Customer records (客户档案, docs/customers.md): a merchant's own record of a customer. Not the platform's customer
 * account (customer.ts, the person who orders through the customer API): a record may link one (`customerId`).
 */
export const CLIENT_SOURCES = ['order', 'manual'] as const;
export type ClientSource = (typeof CLIENT_SOURCES)[number];
export const CLIENT_SOURCE_NAMES: Record<ClientSource, string> = { order: '下单', manual: '手动添加' };

/** Tags the forms offer; any other short tag is accepted too. */
export const CLIENT_TAG_SUGGESTIONS = ['老客户', '月嫂客户', '有宠物', '独居老人', '大户型', 'VIP'] as const;
export const MAX_CLIENT_TAGS = 10;
export const MAX_CLIENT_ADDRESSES = 20;

export const EMPLOYEE_PREF_KINDS = ['preferred', 'blocked'] as const;
export type EmployeePrefKind = (typeof EMPLOYEE_PREF_KINDS)[number];
