import { and, eq, sql } from 'drizzle-orm';
import type { HomeSource } from '../../manifest.ts';
import { weeklyReports } from './weekly-reports.table.ts';

/** The home page's count of weeklyReportsToReview, on the table's status index, within the actor's scope. */
export const weeklyReportsHomeCounts: NonNullable<HomeSource['counts']> = {
  select: (db, { scope }) => ({
    weeklyReportsToReview: sql<number>`(${db
      .select({ count: sql<number>`count(*)::int` })
      .from(weeklyReports)
      .where(and(eq(weeklyReports.status, 'draft'), scope(weeklyReports.petId)))})`,
  }),
  read: (row) => ({ weeklyReportsToReview: (row.weeklyReportsToReview as number | null | undefined) ?? 0 }),
};
