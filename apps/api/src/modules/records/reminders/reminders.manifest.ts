import type { ModuleManifest } from '../../manifest.ts';
import { remindersHomeCounts } from './reminders.home.repository.ts';
import { defineReminderJobs } from './reminders.jobs.ts';
import { remindersRoutes } from './reminders.routes.ts';
import { listRemindersPage, listReminderTimelineEvents } from './reminders.service.ts';

export const manifest: ModuleManifest = {
  name: 'reminders',
  tier: 'records',
  routes: [{ plugin: remindersRoutes, prefix: '/v1/reminders' }],
  openApiTags: [
    {
      name: 'reminders',
      description:
        'Vet reminders about a pet: the inbox (overdue first), creating one from a pet or a pending card, ' +
        'editing, reassigning, completing and reopening.',
    },
  ],
  jobs: ({ jobs, db, now, mailer, config }) => defineReminderJobs(jobs, { db, now, mailer, config }),
  timeline: [{ kinds: ['reminder.done'], read: listReminderTimelineEvents }],
  home: {
    counts: remindersHomeCounts,
    lists: async (deps, actor, listed) => {
      const mine = await listRemindersPage(deps, actor, {
        page: 1,
        pageSize: listed,
        search: undefined,
        status: 'open',
        assignment: 'mine',
        sort: 'inbox',
        order: 'asc',
      });
      return { myOpenReminders: mine.reminders };
    },
  },
};
