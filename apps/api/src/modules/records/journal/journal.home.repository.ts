import { and, eq, sql } from 'drizzle-orm';
import type { HomeSource } from '../../manifest.ts';
import { journalEntries } from './journal.table.ts';

/** The home page's count of newJournalEntries, on the table's status index, within the actor's scope. */
export const journalHomeCounts: NonNullable<HomeSource['counts']> = {
  select: (db, { scope }) => ({
    newJournalEntries: sql<number>`(${db
      .select({ count: sql<number>`count(*)::int` })
      .from(journalEntries)
      .where(and(eq(journalEntries.status, 'new'), scope(journalEntries.petId)))})`,
  }),
  read: (row) => ({ newJournalEntries: (row.newJournalEntries as number | null | undefined) ?? 0 }),
};
