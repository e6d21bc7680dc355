import type { ModuleManifest } from '../../manifest.ts';
import { remindersHomeCounts } from './reminders.home.repository.ts';
import { defineReminderJobs } from './reminders.jobs.ts';
import { remindersRoutes } from './reminders.routes.ts';
import { listRemindersPage, listReminderTimelineEvents } from './reminders.service.ts';

const DAY_MS = 86_400_000;

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
  attention: {
    kind: 'reminder',
    read: async (deps, actor, petId, limit) => {
      // Due before the end of today (UTC), as a reminder's `due` state counts "today".
      const endOfDay = Math.floor(deps.now().getTime() / DAY_MS) * DAY_MS + DAY_MS;
      const { reminders, pagination } = await listRemindersPage(deps, actor, {
        page: 1,
        pageSize: limit,
        search: undefined,
        status: 'open',
        petUuid: petId,
        dueTo: endOfDay / 1000,
        sort: 'inbox',
        order: 'asc',
      });
      return {
        total: pagination.total,
        items: reminders.map((reminder) => ({
          uuid: reminder.uuid,
          title: reminder.title,
          detail: null,
          severity: null,
          since: reminder.dueAt,
          overdue: reminder.due === 'overdue',
          claimedBy: reminder.assignee,
          link: `/pets/${petId}/reminders`,
        })),
      };
    },
  },
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
