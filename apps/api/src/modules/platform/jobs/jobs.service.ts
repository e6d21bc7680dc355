import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { type SqlResult, sqlExecutorFor } from '../../../db/sql-executor.ts';
import type { Db, DbOrTx } from '../../../db/types.ts';
import { type SystemActor, systemActor } from '../../../policy/actor.ts';

export const JOBS_SCHEMA = 'pgboss';

export interface JobContext {
  /** Jobs act as the system, named after their queue: what they change is audited as theirs. */
  actor: SystemActor;
  jobId: string;
  /** 0 on the first try. */
  retryCount: number;
  retryLimit: number;
}

/** A kind of work: its queue, how it retries, an optional schedule and what it does. */
export interface JobDefinition<T extends object = object> {
  queue: string;
  /** Tries after the first; with `backoff`, each waits twice as long as the one before. */
  retry?: { limit: number; delaySeconds: number; backoff: boolean };
  /** A job running longer than this is failed (and retried) as if it had crashed. */
  expireInSeconds?: number;
  /** Five-field cron (UTC): pg-boss sends one job per period however many servers run. */
  cron?: string;
  handle(data: T, context: JobContext): Promise<void>;
}

export interface JobsOptions {
  db: Db;
  /** false: this process serves requests and only queues jobs; another one runs them. */
  workers: boolean;
  logger: FastifyBaseLogger;
  /** How long a stop waits for running jobs before failing them back to the queue for a retry. */
  stopTimeoutMs: number;
  pollingIntervalSeconds?: number;
  /**
   * How often each process checks the schedules, and polls the queue that turns a due schedule into a
   * job (pg-boss: 30 s and 5 s). Only tests shorten them, to see many processes race for one period.
   */
  cronMonitorIntervalSeconds?: number;
  cronWorkerIntervalSeconds?: number;
}

export type Jobs = ReturnType<typeof createJobs>;

/**
 * Durable jobs in the application's own database through pg-boss, on PostgreSQL and on PGlite alike
 * (pg-boss gets our connection as its `db`, so a job can be queued inside the caller's transaction).
 */
export function createJobs(options: JobsOptions) {
  const { db, workers, logger } = options;
  const executor = sqlExecutorFor(db);
  // pg-boss marks a finished job done (or failed) without awaiting it, and its stop() returns once no
  // job is running, so that statement can still be in flight when the database closes after stop()
  // ("Cannot use a pool after calling end on the pool", seen as an unhandled rejection in the
  // PostgreSQL test run). stop() waits for every statement pg-boss has started.
  // A statement pg-boss issues once stop() has returned (a timer, or a completion queued after the last
  // job) would reach a pool that is closing: it is not sent, and never answers, as on a process that
  // stopped at that moment. An empty result made pg-boss's fail() read `rows[0].count` of nothing and
  // throw (an unhandled rejection in a fresh-clone PostgreSQL run, 29 Nov 2026); a rejection would be
  // unhandled too. What it would have done (mark a job done or failed) is redone by pg-boss's expiry.
  let stopped = false;
  const inFlight = new Set<Promise<unknown>>();
  const boss = new PgBoss({
    db: {
      executeSql(text: string, values?: unknown[]) {
        if (stopped) return new Promise<SqlResult>(() => {});
        const statement = executor.executeSql(text, values);
        inFlight.add(statement);
        const settled = () => inFlight.delete(statement);
        statement.then(settled, settled);
        return statement;
      },
    },
    schema: JOBS_SCHEMA,
    migrate: true,
    supervise: workers,
    schedule: workers,
    // Completed jobs stay visible on /jobs for a day, failed ones a week.
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
    ...(options.cronMonitorIntervalSeconds
      ? { cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds }
      : {}),
    ...(options.cronWorkerIntervalSeconds
      ? { cronWorkerIntervalSeconds: options.cronWorkerIntervalSeconds }
      : {}),
  });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  const definitions = new Map<string, JobDefinition>();
  const workerIds = new Map<string, string>();
  let started = false;

  function queueOptions(definition: JobDefinition): PgBoss.Queue {
    return {
      name: definition.queue,
      retryLimit: definition.retry?.limit ?? 0,
      retryDelay: definition.retry?.delaySeconds ?? 0,
      retryBackoff: definition.retry?.backoff ?? false,
      expireInSeconds: definition.expireInSeconds ?? 15 * 60,
    };
  }

  return {
    boss,
    workers,

    /** Modules declare their jobs before `start`. */
    define<T extends object>(definition: JobDefinition<T>): void {
      if (started) throw new Error(`job ${definition.queue} defined after the queue started`);
      definitions.set(definition.queue, definition as unknown as JobDefinition);
    },

    definitions(): JobDefinition[] {
      return [...definitions.values()];
    },

    async start(): Promise<void> {
      started = true;
      stopped = false;
      await boss.start();
      for (const definition of definitions.values()) {
        const existing = await boss.getQueue(definition.queue);
        if (existing) await boss.updateQueue(definition.queue, queueOptions(definition));
        else await boss.createQueue(definition.queue, queueOptions(definition));
        if (!workers) continue;
        if (definition.cron) await boss.schedule(definition.queue, definition.cron, {}, { tz: 'UTC' });
        const workerId = await boss.work<object>(
          definition.queue,
          {
            includeMetadata: true,
            batchSize: 1,
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
          },
          async ([job]) => {
            if (!job) return;
            try {
              await definition.handle(job.data, {
                actor: systemActor(definition.queue),
                jobId: job.id,
                retryCount: job.retryCount,
                retryLimit: job.retryLimit,
              });
            } catch (error) {
              logger.warn(
                { err: error, queue: definition.queue, jobId: job.id, retryCount: job.retryCount },
                'job failed',
              );
              throw error;
            }
          },
        );
        workerIds.set(definition.queue, workerId);
      }
    },

    /**
     * Queues a job. Pass the transaction of the change that causes it: the job then exists exactly
     * when the change commits (a crash after commit still runs it; a rollback never does).
     */
    async send(tx: DbOrTx, queue: string, data: object): Promise<string> {
      if (!definitions.has(queue)) throw new Error(`unknown job queue ${queue}`);
      const id = await boss.send(queue, data, { db: sqlExecutorFor(tx) });
      if (!id) throw new Error(`job not queued on ${queue}`);
      return id;
    },

    /** Asks this process's workers to look for work now rather than at their next poll. */
    wake(queue: string): void {
      const workerId = workerIds.get(queue);
      if (workerId) boss.notifyWorker(workerId);
    },

    /** Stops taking jobs and waits up to `stopTimeoutMs` for running ones; the rest are retried later. */
    async stop(): Promise<void> {
      if (!started) return;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: options.stopTimeoutMs });
      stopped = true;
      await Promise.allSettled([...inFlight]);
    },
  };
}

/** Creates pg-boss's tables with the application's own migrations, so tests copy them in the template. */
export async function installJobSchema(db: Db): Promise<void> {
  const executor = sqlExecutorFor(db);
  const { rows } = await executor.executeSql(`select to_regclass('${JOBS_SCHEMA}.version') as version`);
  if (rows[0]?.version) return;
  await executor.executeSql(PgBoss.getConstructionPlans(JOBS_SCHEMA));
}
