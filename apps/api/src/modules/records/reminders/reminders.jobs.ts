import type { Jobs } from '../../platform/jobs/index.ts';
import { type DigestDeps, sendReminderDigests } from './reminders.digest.ts';

export const REMINDER_DIGEST_QUEUE = 'reminders.morning-digest';

/** Every day at 08:00 UTC, each vet with reminders due that day gets one e-mail (reminders.digest.ts). */
export function defineReminderJobs(jobs: Jobs, deps: DigestDeps): void {
  jobs.define({
    queue: REMINDER_DIGEST_QUEUE,
    cron: '0 8 * * *',
    retry: { limit: 3, delaySeconds: 60, backoff: true },
    async handle(_data, { actor }) {
      await sendReminderDigests(deps, actor);
    },
  });
}
