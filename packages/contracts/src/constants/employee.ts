// The schema-free part of employee.ts (re-exported there): constants, labels and helpers a page may import without
// loading zod and the module's schemas (docs/contracts.md "Constants without schemas"). Import nothing with schemas here.
/** Employees (docs/decisions.md#employees): work states (dictionary employee_work_state). 服务中 is set by orders, never by hand. */
export const WORK_STATE = { RESIGNED: 0, FREE: 1, BUSY: 2, LEAVE: 3 } as const;
export const WORK_STATES = [0, 1, 2, 3] as const;
/** The states a merchant may set by hand (spec: 空闲 / 休假 / 离职). */
export const MANUAL_WORK_STATES = [1, 3, 0] as const;

/** Certificates that expire within this many days are highlighted. */
export const CERT_WARN_DAYS = 30;
export const MAX_CERTIFICATES = 20;
export const MAX_SKILLS = 20;
