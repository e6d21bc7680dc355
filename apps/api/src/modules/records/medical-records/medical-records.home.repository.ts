import { and, eq, sql } from 'drizzle-orm';
import type { HomeSource } from '../../manifest.ts';
import { medicalRecords } from './medical-records.table.ts';

/** The home page's count of medicalRecordsToReview, on the table's status index, within the actor's scope. */
export const medicalRecordsHomeCounts: NonNullable<HomeSource['counts']> = {
  select: (db, { scope }) => ({
    medicalRecordsToReview: sql<number>`(${db
      .select({ count: sql<number>`count(*)::int` })
      .from(medicalRecords)
      .where(and(eq(medicalRecords.status, 'pending'), scope(medicalRecords.petId)))})`,
  }),
  read: (row) => ({ medicalRecordsToReview: (row.medicalRecordsToReview as number | null | undefined) ?? 0 }),
};
