export { defineReminderJobs } from './reminders.jobs.ts';
export { listReminderTimelineEvents, releaseRemindersOutOfScope } from './reminders.service.ts';
