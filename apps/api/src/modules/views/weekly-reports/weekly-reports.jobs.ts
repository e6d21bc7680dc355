import type { Db } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import type { Jobs } from '../../platform/jobs/index.ts';
import { generateWeeklyReports, weekJustEnded } from './weekly-reports.service.ts';

export const WEEKLY_REPORTS_QUEUE = 'weekly-reports.generate';

/**
 * Every Monday at noon UTC, the reports of the ISO week just ended: by then Sunday is over in every
 * owner's timezone (UTC−12 included), so its daily rollups are complete. pg-boss queues one job per
 * period however many instances run; generation is idempotent on pet and week besides, so a retry or
 * a second run changes nothing.
 */
export function defineWeeklyReportJobs(jobs: Jobs, deps: { db: Db; now: Now }): void {
  jobs.define<{ week?: string }>({
    queue: WEEKLY_REPORTS_QUEUE,
    cron: '0 12 * * 1',
    retry: { limit: 3, delaySeconds: 300, backoff: true },
    expireInSeconds: 60 * 60,
    async handle(data, { actor }) {
      await generateWeeklyReports(deps, actor, data.week ?? weekJustEnded(deps.now()));
    },
  });
}
