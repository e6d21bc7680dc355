export { checkupsOfPetsAnsweredInWeek, listCheckupTimelineEvents } from './checkups.service.ts';
export { checkupProblematicCount, problematicCheckupsAnsweredSince } from './checkups.signals.repository.ts';
