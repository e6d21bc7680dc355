import type { Actor } from '../../../policy/actor.ts';
import type { Jobs } from '../../platform/jobs/index.ts';
import { refreshAllDueItems } from './preventive-care.due.service.ts';
import { type OwnerReminderDeps, sendPreventiveOwnerReminders } from './preventive-care.reminders.service.ts';

export const PREVENTIVE_DAILY_QUEUE = 'preventive-care.daily';

/** The daily job's work: today's due days, then the reminders they owe. Answers the e-mails queued. */
export async function runPreventiveCareDaily(deps: OwnerReminderDeps, actor: Actor): Promise<number> {
  await refreshAllDueItems(deps.db, deps.now());
  return sendPreventiveOwnerReminders(deps, actor);
}

/**
 * Every day at 06:00 UTC: every pet's stored due days are brought up to the new day, then the owners'
 * reminders owed that day are queued (preventive-care.reminders.service.ts).
 */
export function definePreventiveCareJobs(jobs: Jobs, deps: OwnerReminderDeps): void {
  jobs.define({
    queue: PREVENTIVE_DAILY_QUEUE,
    cron: '0 6 * * *',
    retry: { limit: 3, delaySeconds: 60, backoff: true },
    async handle(_data, { actor }) {
      await runPreventiveCareDaily(deps, actor);
    },
  });
}
