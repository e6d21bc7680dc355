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

export async function listUnconsumedEvents(
  db: DbOrTx,
  types: readonly string[],
  since: Date,
  limit: number,
): Promise<UnconsumedEvent[]> {
  const rows = rowsOf<{
    seq: string | number;
    type: string;
    entity: string;
    entity_id: string;
    pet_id: string | null;
    at: string | Date;
  }>(
    await db.execute(sql`
      select e.seq, e.type, e.entity, e.entity_id, e.pet_id, e.at from domain_events e
      where e.type = any(${sql.param([...types])}::text[]) and e.at >= ${since.toISOString()}::timestamptz
        and not exists (select 1 from pending_card_consumed_events c where c.seq = e.seq)
      order by e.seq limit ${limit}`),
  );
  return rows.map((row) => ({
    seq: Number(row.seq),
    type: row.type,
    entity: row.entity,
    entityId: row.entity_id,
    petId: row.pet_id,
    at: new Date(row.at),
  }));
}

/** Claims an event for this transaction: false when another consumer has it already. */
export async function markEventConsumed(tx: DbOrTx, seq: number): Promise<boolean> {
  const rows = rowsOf<{ seq: number }>(
    await tx.execute(sql`
      insert into pending_card_consumed_events (seq) values (${seq}) on conflict (seq) do nothing returning seq`),
  );
  return rows.length > 0;
}
