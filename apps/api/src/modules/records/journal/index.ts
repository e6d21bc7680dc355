export { journalEntriesOfPetsDuring, listJournalTimelineEvents } from './journal.service.ts';
