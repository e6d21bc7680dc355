import type { JobsOverviewResponse } from '@vetboard/contract';
import type { Db } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import type { Actor } from '../../../policy/actor.ts';
import { maySeeJobs } from '../../../policy/rights.ts';
import { recordAudit } from '../audit/index.ts';
import { jobsErrors } from './jobs.errors.ts';
import { toJobFailureDto } from './jobs.mapper.ts';
import { countJobsByQueue, listFailedJobs } from './jobs.overview.repository.ts';
import type { Jobs } from './jobs.service.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const FAILURES_SHOWN = 20;

export interface JobsOverviewDeps {
  db: Db;
  jobs: Pick<Jobs, 'boss' | 'wake'>;
  now: Now;
}

/** Every queue pg-boss knows (idle ones with zeros) with its counts, and the latest failures. */
export async function getJobsOverview(deps: JobsOverviewDeps, actor: Actor): Promise<JobsOverviewResponse> {
  if (!maySeeJobs(actor)) throw jobsErrors.forbidden();
  const [queues, counts, failures] = await Promise.all([
    deps.jobs.boss.getQueues(),
    countJobsByQueue(deps.db, new Date(deps.now().getTime() - DAY_MS)),
    listFailedJobs(deps.db, FAILURES_SHOWN),
  ]);
  const countsOf = new Map(counts.map((row) => [row.name, row]));
  const names = [...new Set([...queues.map((queue) => queue.name), ...counts.map((row) => row.name)])]
    .filter((name) => !name.startsWith('__pgboss__'))
    .sort();
  return {
    queues: names.map((name) => {
      const row = countsOf.get(name);
      return { name, queued: row?.queued ?? 0, active: row?.active ?? 0, failedLast24h: row?.failed ?? 0 };
    }),
    failures: failures.map(toJobFailureDto),
  };
}

/** Puts a job that failed for good back in its queue for one more try; who did it is audited. */
export async function retryFailedJob(
  deps: JobsOverviewDeps,
  actor: Actor,
  queue: string,
  id: string,
): Promise<void> {
  if (!maySeeJobs(actor)) throw jobsErrors.forbidden();
  const job = await deps.jobs.boss.getJobById(queue, id);
  if (job?.state !== 'failed') throw jobsErrors.failedJobNotFound();
  await deps.jobs.boss.retry(queue, id);
  await recordAudit(deps.db, actor, {
    action: 'jobs.retry',
    entity: 'job',
    entityId: id,
    changes: { after: { queue } },
  });
  deps.jobs.wake(queue);
}
