export { definePendingCardJobs } from './pending-cards.jobs.ts';
export {
  cardsOfPetsDuringWeek,
  checkCollarCoverageIn,
  dietOffPlanSignal,
  eventSignalsSince,
  listPendingCardsPage,
  listPendingCardTimelineEvents,
  raiseRespiratoryCards,
  raiseSignals,
  raiseWeightCards,
  respiratorySignalsSince,
  type Signal,
  weightSignalsSince,
} from './pending-cards.service.ts';
