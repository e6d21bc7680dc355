import fp from 'fastify-plugin';
import { createJobs, type JobsOptions } from '../../modules/platform/jobs/index.ts';

export type JobsTiming = Pick<JobsOptions, 'cronMonitorIntervalSeconds' | 'cronWorkerIntervalSeconds'>;

/**
 * The durable job queue (pg-boss in our database). Modules define their jobs while the app is built;
 * the queue starts once everything is registered and, on close, stops taking jobs and waits for the
 * running ones (within JOBS_STOP_TIMEOUT_SECONDS) before the database closes.
 */
export const jobsPlugin = fp<{ timing?: JobsTiming }>(
  async (app, options) => {
    const jobs = createJobs({
      db: app.database.db,
      workers: app.config.workers,
      logger: app.log.child({ module: 'jobs' }),
      stopTimeoutMs: app.config.jobsStopTimeoutSeconds * 1000,
      pollingIntervalSeconds: app.config.nodeEnv === 'test' ? 0.5 : 2,
      ...options.timing,
    });
    app.decorate('jobs', jobs);
    app.addHook('onReady', () => jobs.start());
    app.addHook('onClose', () => jobs.stop());
  },
  { name: 'jobs', dependencies: ['database'] },
);
