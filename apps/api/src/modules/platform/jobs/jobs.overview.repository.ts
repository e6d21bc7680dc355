import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { JOBS_SCHEMA } from './jobs.service.ts';

const jobTable = sql.raw(`${JOBS_SCHEMA}.job`);
/** pg-boss's own queues (the one that turns schedules into jobs) are its business, not ours. */
const ownQueues = sql`name not like '\\_\\_pgboss\\_\\_%'`;

export interface QueueCountsRow {
  name: string;
  queued: number;
  active: number;
  failed: number;
}

/** Jobs waiting (a retry included), running, and failed for good since `failedSince`, per queue. */
export async function countJobsByQueue(db: DbOrTx, failedSince: Date): Promise<QueueCountsRow[]> {
  const result = await db.execute(sql`
    select name,
      (count(*) filter (where state in ('created', 'retry')))::int as queued,
      (count(*) filter (where state = 'active'))::int as active,
      (count(*) filter (where state = 'failed' and completed_on >= ${failedSince.toISOString()}))::int as failed
    from ${jobTable}
    where ${ownQueues}
    group by name`);
  return rowsOf<QueueCountsRow>(result);
}

export interface FailedJobRow {
  id: string;
  name: string;
  completedOn: Date | string;
  retryCount: number;
  output: unknown;
}

/** The latest failures that are still in the queue (so can be retried), newest first. */
export async function listFailedJobs(db: DbOrTx, limit: number): Promise<FailedJobRow[]> {
  const result = await db.execute(sql`
    select id, name, completed_on as "completedOn", retry_count as "retryCount", output
    from ${jobTable}
    where state = 'failed' and ${ownQueues}
    order by completed_on desc, id desc
    limit ${limit}`);
  return rowsOf<FailedJobRow>(result);
}
