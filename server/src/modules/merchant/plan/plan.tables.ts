import type { PlanPayMode, PlanRuleKind, PlanStatus, VisitStatus } from '@jz/contracts/plan';
import type { Generated } from 'kysely';

/** 周期服务 (migration 2020, docs/customers.md "周期服务"). */
export interface ServicePlanTable {
  id: Generated<number>;
  merchantId: number;
  /** The goods' shop: the plan's orders are that shop's. */
  shopId: number;
  clientId: number;
  clientAddressId: number;
  /** The platform customer account the orders are placed for (the client's, made from its phone when it had none). */
  customerId: number;
  goodsId: number;
  specId: number | null;
  quantity: number;
  area: number | null;
  startDate: string;
  endDate: string | null;
  visitCount: number | null;
  /** Preferred employee: assigned when free, else the suggestion decides. */
  employeeId: number | null;
  payMode: PlanPayMode;
  cardId: number | null;
  horizonDays: number;
  status: PlanStatus;
  remark: string | null;
  endReason: string | null;
  pausedAt: string | null;
  endedAt: string | null;
  createdBy: number | null;
  createdAt: string;
  updatedAt: string;
}

/** The plan's rule from a day on (改时间 adds one). */
export interface ServicePlanRuleTable {
  id: Generated<number>;
  planId: number;
  merchantId: number;
  fromDate: string;
  ruleKind: PlanRuleKind;
  /** JSON number[] 1–7 */
  weekdays: string;
  everyWeeks: number;
  monthDay: number | null;
  startTime: string;
  createdAt: string;
}

/** One day of a plan: unique (plan_id, day). */
export interface PlanVisitTable {
  id: Generated<number>;
  planId: number;
  merchantId: number;
  shopId: number;
  day: string;
  appointmentAt: string;
  status: VisitStatus;
  orderId: number | null;
  reason: string | null;
  note: string | null;
  attempts: number;
  createdAt: string;
  updatedAt: string;
}

declare module '../../../db/schema.ts' {
  interface Database {
    servicePlan: ServicePlanTable;
    servicePlanRule: ServicePlanRuleTable;
    planVisit: PlanVisitTable;
  }
}
