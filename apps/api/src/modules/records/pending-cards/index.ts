export { releaseCardsOutOfScope } from './pending-cards.actions.service.ts';
export { cardsOfPetsDuringWeek } from './pending-cards.inbox.service.ts';
export {
  pendingCardsOfItems,
  resolveTriggersOfItem,
  type TriggerSource,
} from './pending-cards.items.service.ts';
export { definePendingCardJobs } from './pending-cards.jobs.ts';
export {
  dietOffPlanSignal,
  raiseRespiratoryCards,
  raiseWeightCards,
  respiratorySignalsSince,
  weightSignalsSince,
} from './pending-cards.rules.service.ts';
export {
  checkCollarCoverageIn,
  eventSignalsOf,
  raiseSignals,
  type Signal,
} from './pending-cards.signals.service.ts';
