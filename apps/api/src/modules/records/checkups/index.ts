export {
  checkupsOfPetsAnsweredInWeek,
  listCheckupTimelineEvents,
  type PendingCardsOfItems,
  type ResolveTriggersOfItem,
} from './checkups.service.ts';
export { checkupProblematicCount, problematicCheckupsAnsweredSince } from './checkups.signals.repository.ts';
