export { checkupsOfPetsAnsweredInWeek, listCheckupTimelineEvents } from './checkups.service.ts';
