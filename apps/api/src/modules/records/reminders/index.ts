export { defineReminderJobs } from './reminders.jobs.ts';
export { listReminderTimelineEvents } from './reminders.service.ts';
