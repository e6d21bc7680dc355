import type { DomainEvent, DomainEventType, EventActor } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor, VetActor } from '../../../policy/actor.ts';
import { insertDomainEvent } from './events.repository.ts';
import type { DomainEventRow } from './events.table.ts';

/** The PostgreSQL NOTIFY channel; the payload is the new event's `seq`, the row holds the rest. */
export const EVENTS_CHANNEL = 'domain_events';
/** How far back a reconnecting client may resume; older events are purged by a job. */
export const EVENTS_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface NewDomainEvent {
  type: DomainEventType;
  entity: string;
  id: string;
  petUuid?: string | null;
  /** The company whose pet (or vet) it is: B2B vets hear only about their own company's. */
  companySku?: string | null;
  actor: EventActor;
}

/**
 * Records a change as a domain event. Call it inside the transaction that makes the change: the row
 * and its NOTIFY (which PostgreSQL delivers only on commit) then exist exactly when the change does.
 */
export async function recordEvent(tx: DbOrTx, event: NewDomainEvent): Promise<void> {
  const seq = await insertDomainEvent(tx, {
    type: event.type,
    entity: event.entity,
    entityId: event.id,
    petId: event.petUuid ?? null,
    companySku: event.companySku ?? null,
    actor: event.actor,
  });
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${String(seq)})`);
}

/** Who made the change, as events name them: a vet or integration by id, a job by its name. */
export function eventActorOf(actor: Actor | Pick<VetActor, 'type' | 'vetId'>): EventActor {
  switch (actor.type) {
    case 'vet':
      return { type: 'vet', id: actor.vetId };
    case 'integration':
      return { type: 'integration', id: actor.integrationId };
    case 'system':
      return { type: 'system', id: actor.name };
    default:
      return { type: 'link', id: null };
  }
}

export function toDomainEventDto(row: DomainEventRow): DomainEvent {
  return {
    seq: row.seq,
    type: row.type as DomainEventType,
    entity: row.entity,
    id: row.entityId,
    petUuid: row.petId,
    companySku: row.companySku,
    at: row.at.toISOString(),
    actor: { type: row.actor.type as EventActor['type'], id: row.actor.id },
  };
}
