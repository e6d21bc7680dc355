import { and, eq, sql } from 'drizzle-orm';
import type { HomeSource } from '../../manifest.ts';
import { petQuestions } from './questions.table.ts';

/** The home page's count of openQuestions, on the table's status index, within the actor's scope. */
export const questionsHomeCounts: NonNullable<HomeSource['counts']> = {
  select: (db, { scope }) => ({
    openQuestions: sql<number>`(${db
      .select({ count: sql<number>`count(*)::int` })
      .from(petQuestions)
      .where(and(eq(petQuestions.status, 'open'), scope(petQuestions.petId)))})`,
  }),
  read: (row) => ({ openQuestions: (row.openQuestions as number | null | undefined) ?? 0 }),
};
