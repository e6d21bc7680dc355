export { dailyStatusEmail } from './b2b.emails.service.ts';
export { listDailyStatusTimelineEvents } from './b2b.service.ts';
