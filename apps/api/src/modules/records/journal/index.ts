export { journalEntriesOfPetsDuring, listJournalTimelineEvents } from './journal.service.ts';
export { severeJournalEntriesReceivedSince } from './journal.signals.repository.ts';
