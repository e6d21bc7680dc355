export { dailyStatusEmail, listDailyStatusTimelineEvents } from './b2b.service.ts';
