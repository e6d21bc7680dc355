import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';

// --- consumed domain events ----------------------------------------------------------------------

export interface UnconsumedEvent {
  seq: number;
  type: string;
  entity: string;
  entityId: string;
  petId: string | null;
  at: Date;
}

/** Which of `seqs` a consumer has already claimed. */
export async function consumedEventSeqs(db: DbOrTx, seqs: readonly number[]): Promise<Set<number>> {
  if (seqs.length === 0) return new Set();
  const rows = rowsOf<{ seq: string | number }>(
    await db.execute(sql`
      select seq from pending_card_consumed_events where seq = any(${sql.param([...seqs])}::bigint[])`),
  );
  return new Set(rows.map((row) => Number(row.seq)));
}

/** Claims an event for this transaction: false when another consumer has it already. */
export async function markEventConsumed(tx: DbOrTx, seq: number): Promise<boolean> {
  const rows = rowsOf<{ seq: number }>(
    await tx.execute(sql`
      insert into pending_card_consumed_events (seq) values (${seq}) on conflict (seq) do nothing returning seq`),
  );
  return rows.length > 0;
}
