import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { HomeSource } from '../../manifest.ts';
import { reminders } from './reminders.table.ts';

/** The home page's count of the vet's open reminders, overdue and due today (the open-by-assignee index). */
export const remindersHomeCounts: NonNullable<HomeSource['counts']> = {
  select: (db, { scope, vetId, now, endOfDay }) => {
    const myOpenReminders = and(
      eq(reminders.status, 'open'),
      vetId ? eq(reminders.assigneeVetId, vetId) : sql`false`,
      scope(reminders.petId),
    );
    return {
      overdue: sql<number>`(${db
        .select({ count: sql<number>`count(*)::int` })
        .from(reminders)
        .where(and(myOpenReminders, lt(reminders.dueAt, now)))})`,
      dueToday: sql<number>`(${db
        .select({ count: sql<number>`count(*)::int` })
        .from(reminders)
        .where(and(myOpenReminders, gte(reminders.dueAt, now), lt(reminders.dueAt, endOfDay)))})`,
    };
  },
  read: (row) => ({
    myReminders: {
      overdue: (row.overdue as number | null | undefined) ?? 0,
      dueToday: (row.dueToday as number | null | undefined) ?? 0,
    },
  }),
};
