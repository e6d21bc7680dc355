import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';

/** The severity-3 journal entries received since `since`, oldest first. */
export async function severeJournalEntriesReceivedSince(
  db: DbOrTx,
  since: Date,
): Promise<Array<{ id: string; petId: string; receivedAt: Date }>> {
  const rows = rowsOf<{ id: string; pet_id: string; received_at: string | Date }>(
    await db.execute(sql`
      select id::text as id, pet_id, received_at from journal_entries
      where severity = 3 and received_at >= ${since.toISOString()}::timestamptz
      order by received_at, id::text`),
  );
  return rows.map((row) => ({ id: row.id, petId: row.pet_id, receivedAt: new Date(row.received_at) }));
}

/** The entries of `ids` no vet has replied to or resolved yet: what their pending-card triggers wait for. */
export async function journalEntriesAwaitingReply(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, 'awaiting_reply'>> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select e.id::text as id from journal_entries e
      where e.id = any(${sql.param([...ids])}::uuid[]) and e.resolved_at is null
        and not exists (select 1 from journal_entry_replies r where r.entry_id = e.id)`),
  );
  return new Map(rows.map((row) => [row.id, 'awaiting_reply' as const]));
}
