import { and, eq, sql } from 'drizzle-orm';
import type { HomeSource } from '../../manifest.ts';
import { pendingCards } from './pending-cards.table.ts';

/** The home page's card counts: the open queue by severity, and the cards the vet claimed. */
export const pendingCardsHomeCounts: NonNullable<HomeSource['counts']> = {
  select: (db, { scope, vetId, now }) => {
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
    return { cards: sql<[number, number, number, number, number] | string>`(${cards})` };
  },
  read: (row) => {
    // PGlite hands json back parsed, node-postgres may too; a string is parsed here.
    const raw = row.cards as number[] | string | null | undefined;
    const [open = 0, high = 0, highOrange = 0, highRed = 0, mine = 0] = (
      typeof raw === 'string' ? JSON.parse(raw) : (raw ?? [])
    ) as number[];
    return { pendingCards: { open, high, highOrange, highRed, mine } };
  },
};
