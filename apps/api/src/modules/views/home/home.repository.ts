import { type AnyColumn, and, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import {
  checkups,
  dailyStatuses,
  families,
  journalEntries,
  medicalRecords,
  pendingCards,
  petQuestions,
  pets,
  reminders,
  users,
  weeklyReports,
} from '../../../db/schema.ts';

const owners = alias(users, 'owner');

/**
 * Every count of the home page in one statement: each a scalar subquery on its table's own index
 * (the queue's, the inboxes' status indexes, the reminders' open-by-assignee index), each within the
 * actor's scope.
 */
export async function countHome(
  db: DbOrTx,
  input: {
    /** The access policy's condition on a pet id column (policy/scope.ts). */
    scope: (petId: AnyColumn) => SQL | undefined;
    vetId: string | null;
    now: Date;
    endOfDay: Date;
    /** The practice's day, for B2B daily statuses. */
    today: string;
  },
) {
  const { scope, vetId, now, endOfDay, today } = input;
  const at = now.toISOString();
  const queue = and(
    eq(pendingCards.status, 'open'),
    sql`(${pendingCards.snoozedUntil} is null or ${pendingCards.snoozedUntil} <= ${at}::timestamptz)`,
    scope(pendingCards.petId),
  );
  // One pass over the open queue (its partial index) for all five card counts: five subqueries
  // counted the same ~10,000 rows five times.
  const cards = db
    .select({
      counts: sql<string>`json_build_array(
        count(*)::int,
        (count(*) filter (where ${pendingCards.severity} = 1))::int,
        (count(*) filter (where ${pendingCards.severity} = 2))::int,
        (count(*) filter (where ${pendingCards.severity} = 3))::int,
        (count(*) filter (where ${vetId ? sql`${pendingCards.claimedByVetId} = ${vetId}` : sql`false`}))::int)`,
    })
    .from(pendingCards)
    .where(queue);
  const myOpenReminders = and(
    eq(reminders.status, 'open'),
    vetId ? eq(reminders.assigneeVetId, vetId) : sql`false`,
    scope(reminders.petId),
  );
  const [row] = await db
    .select({
      cards: sql<[number, number, number, number, number] | string>`(${cards})`,
      checkupsToReview: sql<number>`(${db
        .select({ count: sql<number>`count(*)::int` })
        .from(checkups)
        .where(and(eq(checkups.status, 'answered'), scope(checkups.petId)))})`,
      newJournalEntries: sql<number>`(${db
        .select({ count: sql<number>`count(*)::int` })
        .from(journalEntries)
        .where(and(eq(journalEntries.status, 'new'), scope(journalEntries.petId)))})`,
      medicalRecordsToReview: sql<number>`(${db
        .select({ count: sql<number>`count(*)::int` })
        .from(medicalRecords)
        .where(and(eq(medicalRecords.status, 'pending'), scope(medicalRecords.petId)))})`,
      overdue: sql<number>`(${db
        .select({ count: sql<number>`count(*)::int` })
        .from(reminders)
        .where(and(myOpenReminders, lt(reminders.dueAt, now)))})`,
      dueToday: sql<number>`(${db
        .select({ count: sql<number>`count(*)::int` })
        .from(reminders)
        .where(and(myOpenReminders, gte(reminders.dueAt, now), lt(reminders.dueAt, endOfDay)))})`,
      openQuestions: sql<number>`(${db
        .select({ count: sql<number>`count(*)::int` })
        .from(petQuestions)
        .where(and(eq(petQuestions.status, 'open'), scope(petQuestions.petId)))})`,
      weeklyReportsToReview: sql<number>`(${db
        .select({ count: sql<number>`count(*)::int` })
        .from(weeklyReports)
        .where(and(eq(weeklyReports.status, 'draft'), scope(weeklyReports.petId)))})`,
      b2bPetsWithoutStatus: sql<number>`(${db
        .select({ count: sql<number>`count(*)::int` })
        .from(pets)
        .innerJoin(families, eq(families.id, pets.familyId))
        .innerJoin(owners, eq(owners.id, families.ownerUserId))
        .leftJoin(
          dailyStatuses,
          and(
            eq(dailyStatuses.petId, pets.id),
            eq(dailyStatuses.date, today),
            isNull(dailyStatuses.deletedAt),
          ),
        )
        .where(
          and(
            eq(families.familyKind, 'b2b'),
            sql`${owners.b2bCode} in (select sku from companies)`,
            isNull(dailyStatuses.id),
            scope(pets.id),
          ),
        )})`,
    })
    .from(sql`(select 1) as one`);
  // PGlite hands json back parsed, node-postgres may too; a string is parsed here.
  const raw = row?.cards;
  const [open = 0, high = 0, highOrange = 0, highRed = 0, mine = 0] = (
    typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])
  ) as number[];
  return {
    pendingCards: { open, high, highOrange, highRed, mine },
    checkupsToReview: row?.checkupsToReview ?? 0,
    newJournalEntries: row?.newJournalEntries ?? 0,
    medicalRecordsToReview: row?.medicalRecordsToReview ?? 0,
    myReminders: { overdue: row?.overdue ?? 0, dueToday: row?.dueToday ?? 0 },
    b2bPetsWithoutStatus: row?.b2bPetsWithoutStatus ?? 0,
    openQuestions: row?.openQuestions ?? 0,
    weeklyReportsToReview: row?.weeklyReportsToReview ?? 0,
  };
}
