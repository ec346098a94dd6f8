/** The scheduler's table (migration 1910_job_lease). Times are ISO-8601 UTC text. */
export interface JobLeaseTable {
  name: string;
  holder: string | null;
  leaseUntil: string | null;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastOutcome: string | null;
}

declare module '../../db/schema.ts' {
  interface Database {
    jobLease: JobLeaseTable;
  }
}
