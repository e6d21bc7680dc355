import { and, eq, sql } from 'drizzle-orm';
import type { HomeSource } from '../../manifest.ts';
import { checkups } from './checkups.table.ts';

/** The home page's count of checkupsToReview, on the table's status index, within the actor's scope. */
export const checkupsHomeCounts: NonNullable<HomeSource['counts']> = {
  select: (db, { scope }) => ({
    checkupsToReview: sql<number>`(${db
      .select({ count: sql<number>`count(*)::int` })
      .from(checkups)
      .where(and(eq(checkups.status, 'answered'), scope(checkups.petId)))})`,
  }),
  read: (row) => ({ checkupsToReview: (row.checkupsToReview as number | null | undefined) ?? 0 }),
};
