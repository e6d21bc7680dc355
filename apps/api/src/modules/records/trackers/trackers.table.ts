import { readingKinds, readingSources } from '@vetboard/contract';
import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { pets } from '../../core/pets/pets.table.ts';
import { vets } from '../../core/vets/vets.table.ts';
import { integrations } from '../../platform/integrations/integrations.table.ts';

export const readingKindEnum = pgEnum('reading_kind', readingKinds);
export const readingSourceEnum = pgEnum('reading_source', readingSources);

/**
 * Raw readings (tens of millions of rows): immutable; the id is the client's, so a retried batch adds
 * nothing. No foreign key to pets on purpose: ingestion checks pets once per batch, and a per-row FK
 * check would dominate the insert cost at this volume.
 */
export const trackerReadings = pgTable(
  'tracker_readings',
  {
    id: uuid('id').primaryKey(),
    petId: uuid('pet_id').notNull(),
    kind: readingKindEnum('kind').notNull(),
    value: real('value').notNull(),
    measuredAt: timestamp('measured_at', { withTimezone: true }).notNull(),
    source: readingSourceEnum('source').notNull(),
    integrationId: uuid('integration_id').references(() => integrations.id),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tracker_readings_pet_kind_time_idx').on(table.petId, table.kind, table.measuredAt)],
);

export type TrackerReadingRow = typeof trackerReadings.$inferSelect;
export type NewTrackerReadingRow = typeof trackerReadings.$inferInsert;

/**
 * Half-hour UTC buckets, maintained in the insert's transaction. Half hours (not hours) so that
 * heart-rate half-hourly averages and the half-hour timezones (India, Newfoundland) re-bucket exactly.
 * Its primary key INCLUDEs count, sum, min and max (hand-written in migration 0019, drizzle cannot
 * declare it): a chart reads its buckets from the index alone, in key order, instead of from heap rows
 * that ingestion scatters over the table (a week chart read 322 heap blocks at 10M readings). Measured
 * against an hourly rollup (cannot re-bucket half-hour zones or serve day charts) and raw reads for
 * short ranges (a reading's heap row per reading): ARCHITECTURE.md "Tracker charts at 10M readings".
 */
export const trackerRollups30m = pgTable(
  'tracker_rollups_30m',
  {
    petId: uuid('pet_id').notNull(),
    kind: readingKindEnum('kind').notNull(),
    bucketStart: timestamp('bucket_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
    sum: doublePrecision('sum').notNull(),
    min: real('min').notNull(),
    max: real('max').notNull(),
  },
  (table) => [primaryKey({ columns: [table.petId, table.kind, table.bucketStart] })],
);

/**
 * The half hours of each UTC day in which the pet's collar sent anything, one bit each (bit i: the
 * half hour starting i × 30 minutes after the day's UTC midnight, the half-hour rollup's own
 * buckets): exactly the set of `bucket_start`s of the pet's half-hour rollups of every kind, kept in
 * the same statement. Chart coverage is counted per half hour from this set; read from the rollups it
 * took four index entries per half hour (one per kind), 17,000 for a 90-day vitals panel, and read
 * from here it is one row per day. Its key INCLUDEs the bits (hand-written in migration 0019): read
 * from the index alone, as the rollup's.
 */
export const trackerCoverageDays = pgTable(
  'tracker_coverage_days',
  {
    petId: uuid('pet_id').notNull(),
    day: timestamp('day', { withTimezone: true }).notNull(),
    halfHours: bigint('half_hours', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.petId, table.day] })],
);

/**
 * Calendar days in the pet's timezone (its owner's) at ingestion, for month and longer ranges.
 * Rebuilt from the raw readings if a pet's timezone changes (`rebuildRollups` in trackers.writes.ts).
 */
export const trackerRollupsDaily = pgTable(
  'tracker_rollups_daily',
  {
    petId: uuid('pet_id').notNull(),
    kind: readingKindEnum('kind').notNull(),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
    sum: doublePrecision('sum').notNull(),
    min: real('min').notNull(),
    max: real('max').notNull(),
  },
  (table) => [primaryKey({ columns: [table.petId, table.kind, table.localDate] })],
);

/** A vet's override of the species' default respiratory thresholds (DOMAIN.md "Respiratory rate"). */
export const respiratoryThresholds = pgTable('respiratory_thresholds', {
  petId: uuid('pet_id')
    .primaryKey()
    .references(() => pets.id),
  low: real('low').notNull(),
  high: real('high').notNull(),
  highOrange: real('high_orange').notNull(),
  highRed: real('high_red').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedByVetId: uuid('updated_by_vet_id').references(() => vets.id),
});

export type RespiratoryThresholdsRow = typeof respiratoryThresholds.$inferSelect;
