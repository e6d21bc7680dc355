export { createEventHub, type EventHub } from './events.hub.ts';
export { listEventsOfTypesAfter } from './events.repository.ts';
export { eventActorOf, type NewDomainEvent, recordEvent } from './events.service.ts';
