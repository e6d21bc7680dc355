export {
  checkupsOfPetsAnsweredInWeek,
  listCheckupTimelineEvents,
  type ResolveTriggersOfItem,
} from './checkups.service.ts';
export { checkupProblematicCount, problematicCheckupsAnsweredSince } from './checkups.signals.repository.ts';
