import { pendingCardConcerns, pendingCardStatuses } from '@vetboard/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { pets } from '../../core/pets/pets.table.ts';
import { vets } from '../../core/vets/vets.table.ts';

export const pendingCardConcernEnum = pgEnum('pending_card_concern', pendingCardConcerns);
export const pendingCardStatusEnum = pgEnum('pending_card_status', pendingCardStatuses);

/**
 * One pet and one concern that needs a vet. At most one open card per pet and concern (the partial
 * unique index): a new signal joins the open card through `insert … on conflict`, which is safe however
 * many ingestions, jobs and instances raise signals at once.
 */
export const pendingCards = pgTable(
  'pending_cards',
  {
    id: uuid('id').primaryKey(),
    petId: uuid('pet_id')
      .notNull()
      .references(() => pets.id),
    concern: pendingCardConcernEnum('concern').notNull(),
    /** 1 high, 2 high-orange, 3 high-red: the worst trigger the card has had. */
    severity: smallint('severity').notNull(),
    status: pendingCardStatusEnum('status').notNull().default('open'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    lastTriggerAt: timestamp('last_trigger_at', { withTimezone: true }).notNull(),
    triggerCount: integer('trigger_count').notNull().default(0),
    openTriggerCount: integer('open_trigger_count').notNull().default(0),
    claimedByVetId: uuid('claimed_by_vet_id').references(() => vets.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    snoozedByVetId: uuid('snoozed_by_vet_id').references(() => vets.id),
    snoozeReason: text('snooze_reason'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByVetId: uuid('resolved_by_vet_id').references(() => vets.id),
    resolutionNote: text('resolution_note'),
    /** The last time a vet reopened the card after it was resolved, and why (the audit keeps every time). */
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    reopenedByVetId: uuid('reopened_by_vet_id').references(() => vets.id),
    reopenReason: text('reopen_reason'),
  },
  (table) => [
    uniqueIndex('pending_cards_one_open_idx').on(table.petId, table.concern).where(sql`status = 'open'`),
    // The queue: open cards, worst first, then the longest waiting, then the id that keeps pages
    // stable; with the id in it, the queue's first page (and the home page's worst cards) is read
    // from the index and stops at the page, instead of sorting every open card. `desc` in an ORDER BY
    // puts nulls first: the index must say so too, or the planner cannot use it for that order.
    index('pending_cards_queue_idx')
      .on(table.severity.desc().nullsFirst(), table.openedAt, table.id)
      .where(sql`status = 'open'`),
    index('pending_cards_pet_idx').on(table.petId, table.openedAt),
    // A pet's timeline reads its newest events of each kind from here, a page at a time.
    index('pending_cards_pet_resolved_idx')
      .on(table.petId, table.resolvedAt)
      .where(sql`resolved_at is not null`),
  ],
);

export type PendingCardRow = typeof pendingCards.$inferSelect;

/** A signal that raised or fed a card: what was measured, the threshold it crossed, where it came from. */
export const pendingCardTriggers = pgTable(
  'pending_card_triggers',
  {
    id: uuid('id').primaryKey(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => pendingCards.id),
    kind: text('kind').notNull(),
    severity: smallint('severity').notNull(),
    value: real('value'),
    threshold: real('threshold'),
    unit: text('unit'),
    detail: text('detail'),
    sourceEntity: text('source_entity'),
    sourceId: text('source_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /**
     * The same signal seen again (another abnormal half hour of the same day, a checkup's event read
     * twice, the collar gap the job measures every run) updates its open trigger instead of adding one.
     */
    dedupeKey: text('dedupe_key').notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedByVetId: uuid('resolved_by_vet_id').references(() => vets.id),
    resolutionNote: text('resolution_note'),
    /**
     * Resolved by the handling of the item it came from (the checkup's review, the reply to the journal
     * entry, the answer sent to the question), not on the card: the card can then say "Reviewed by …".
     */
    resolvedByItem: boolean('resolved_by_item').notNull().default(false),
    /**
     * A signal that came after its concern's card was resolved, within the concern's quiet period and no
     * worse than what the card was resolved with: kept on that resolved card (resolved when it came, by
     * nobody) rather than opening a repeat, so a vet who opens the card or reopens it sees it.
     */
    heldBack: boolean('held_back').notNull().default(false),
  },
  (table) => [
    uniqueIndex('pending_card_triggers_open_key_idx')
      .on(table.cardId, table.dedupeKey)
      .where(sql`resolved_at is null`),
    // A held-back signal seen again (the same night's half hours, the collar gap each hour) refreshes its row.
    uniqueIndex('pending_card_triggers_held_back_key_idx')
      .on(table.cardId, table.dedupeKey)
      .where(sql`held_back`),
    index('pending_card_triggers_card_idx').on(table.cardId, table.at),
    // Reviewing a checkup or replying to a journal entry finds the triggers it raised, and the item's
    // page its cards: by source, not by scanning every collar trigger.
    index('pending_card_triggers_source_idx')
      .on(table.sourceEntity, table.sourceId)
      .where(sql`source_id is not null`),
  ],
);

export type PendingCardTriggerRow = typeof pendingCardTriggers.$inferSelect;

/** The domain events (by seq) the card rules have consumed: each is acted on exactly once. */
export const pendingCardConsumedEvents = pgTable('pending_card_consumed_events', {
  seq: bigint('seq', { mode: 'number' }).primaryKey(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }).notNull().defaultNow(),
});
