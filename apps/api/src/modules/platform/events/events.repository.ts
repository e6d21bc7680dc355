import { and, asc, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type DomainEventRow, domainEvents } from './events.table.ts';

export async function insertDomainEvent(tx: DbOrTx, row: typeof domainEvents.$inferInsert): Promise<number> {
  const [inserted] = await tx.insert(domainEvents).values(row).returning({ seq: domainEvents.seq });
  if (!inserted) throw new Error('domain event not recorded');
  return inserted.seq;
}

/** Events after `afterSeq` (exclusive), oldest first; `since` bounds how far back a resume may reach. */
export function listEventsAfter(
  db: DbOrTx,
  afterSeq: number,
  options: { since: Date; limit: number },
): Promise<DomainEventRow[]> {
  return db
    .select()
    .from(domainEvents)
    .where(and(gt(domainEvents.seq, afterSeq), gte(domainEvents.at, options.since)))
    .orderBy(asc(domainEvents.seq))
    .limit(options.limit);
}

/** Events of `types` after `afterSeq` (exclusive), oldest first, back to `since`: what a consumer pages through. */
export async function listEventsOfTypesAfter(
  db: DbOrTx,
  types: readonly string[],
  afterSeq: number,
  options: { since: Date; limit: number },
) {
  return db
    .select({
      seq: domainEvents.seq,
      type: domainEvents.type,
      entity: domainEvents.entity,
      entityId: domainEvents.entityId,
      petId: domainEvents.petId,
      at: domainEvents.at,
    })
    .from(domainEvents)
    .where(
      and(
        inArray(domainEvents.type, [...types]),
        gt(domainEvents.seq, afterSeq),
        gte(domainEvents.at, options.since),
      ),
    )
    .orderBy(asc(domainEvents.seq))
    .limit(options.limit);
}

export async function latestEventSeq(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ seq: sql<number>`coalesce(max(${domainEvents.seq}), 0)`.mapWith(Number) })
    .from(domainEvents);
  return row?.seq ?? 0;
}

export async function deleteEventsBefore(db: DbOrTx, before: Date): Promise<number> {
  const deleted = await db
    .delete(domainEvents)
    .where(lt(domainEvents.at, before))
    .returning({ seq: domainEvents.seq });
  return deleted.length;
}
