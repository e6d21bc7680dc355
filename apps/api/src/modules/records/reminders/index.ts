export { defineReminderJobs } from './reminders.jobs.ts';
export { listRemindersPage, listReminderTimelineEvents } from './reminders.service.ts';
