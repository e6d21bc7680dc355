import type { PendingCardConcern, PendingCardListQuery, Species } from '@vetboard/contract';
import { and, asc, desc, eq, inArray, like, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { families, pets, users, vets } from '../../../db/schema.ts';
import {
  boundedCountOf,
  containsPattern,
  orderByWithTieBreak,
  type PageWindow,
} from '../../../lib/list-query.ts';
import { type TimelineRead, timelineAt, timelineOrder, timelineWhere } from '../../../lib/timeline.ts';
import {
  type PendingCardRow,
  type PendingCardTriggerRow,
  pendingCards,
  pendingCardTriggers,
} from './pending-cards.table.ts';

/** A signal a rule raised: the card it belongs to (pet and concern) and the trigger it becomes. */
export interface Signal {
  petId: string;
  concern: PendingCardRow['concern'];
  severity: number;
  kind: string;
  value: number | null;
  threshold: number | null;
  unit: string | null;
  detail: string | null;
  sourceEntity: string | null;
  sourceId: string | null;
  at: Date;
  dedupeKey: string;
}

export interface TouchedCard {
  id: string;
  petId: string;
  concern: string;
  severity: number;
  opened: boolean;
  previousSeverity: number | null;
  /** Triggers on the card before and after these signals (before: null for a card they opened). */
  previousTriggerCount: number | null;
  triggerCount: number;
}

/**
 * Joins each signal to the open card of its pet and concern, opening one where there is none, and adds
 * (or refreshes) its trigger: three statements for any number of signals. The card's severity only
 * ever rises. Safe under concurrency: a second opener meets the partial unique index and joins.
 */
export async function upsertSignals(
  tx: DbOrTx,
  raised: readonly Signal[],
  ids: { card: () => string; trigger: () => string },
  now: Date,
): Promise<TouchedCard[]> {
  if (raised.length === 0) return [];
  const signals = worstOfEach(raised);
  const groups = new Map<
    string,
    { petId: string; concern: string; severity: number; firstAt: Date; lastAt: Date }
  >();
  for (const signal of signals) {
    const key = `${signal.petId}|${signal.concern}`;
    const group = groups.get(key);
    if (!group)
      groups.set(key, {
        petId: signal.petId,
        concern: signal.concern,
        severity: signal.severity,
        firstAt: signal.at,
        lastAt: signal.at,
      });
    else {
      group.severity = Math.max(group.severity, signal.severity);
      if (signal.at > group.lastAt) group.lastAt = signal.at;
      if (signal.at < group.firstAt) group.firstAt = signal.at;
    }
  }
  const cards = [...groups.values()].sort((a, b) =>
    a.petId === b.petId ? a.concern.localeCompare(b.concern) : a.petId.localeCompare(b.petId),
  );
  const before = rowsOf<{ pet_id: string; concern: string; severity: number; trigger_count: number }>(
    await tx.execute(sql`
      select c.pet_id, c.concern::text as concern, c.severity, c.trigger_count
      from pending_cards c
      join unnest(${sql.param(cards.map((c) => c.petId))}::uuid[], ${sql.param(cards.map((c) => c.concern))}::text[])
        as i(pet_id, concern) on c.pet_id = i.pet_id and c.concern::text = i.concern
      where c.status = 'open'`),
  );
  const previous = new Map(before.map((row) => [`${row.pet_id}|${row.concern}`, row]));
  const touched = rowsOf<{ id: string; pet_id: string; concern: string; severity: number; opened: boolean }>(
    await tx.execute(sql`
      insert into pending_cards as c (id, pet_id, concern, severity, status, opened_at, last_trigger_at)
      select i.id, i.pet_id, i.concern::pending_card_concern, i.severity, 'open',
             least(${now.toISOString()}::timestamptz, i.first_at), i.last_at
      from unnest(
        ${sql.param(cards.map(() => ids.card()))}::uuid[],
        ${sql.param(cards.map((c) => c.petId))}::uuid[],
        ${sql.param(cards.map((c) => c.concern))}::text[],
        ${sql.param(cards.map((c) => c.severity))}::int[],
        ${sql.param(cards.map((c) => c.firstAt.toISOString()))}::timestamptz[],
        ${sql.param(cards.map((c) => c.lastAt.toISOString()))}::timestamptz[]
      ) as i(id, pet_id, concern, severity, first_at, last_at)
      on conflict (pet_id, concern) where status = 'open' do update set
        severity = greatest(c.severity, excluded.severity),
        last_trigger_at = greatest(c.last_trigger_at, excluded.last_trigger_at)
      returning c.id, c.pet_id, c.concern::text as concern, c.severity, (xmax = 0) as opened`),
  );
  const cardIdOf = new Map(touched.map((row) => [`${row.pet_id}|${row.concern}`, row.id]));
  await tx.execute(sql`
    insert into pending_card_triggers as t
      (id, card_id, kind, severity, value, threshold, unit, detail, source_entity, source_id, at, dedupe_key)
    select * from unnest(
      ${sql.param(signals.map(() => ids.trigger()))}::uuid[],
      ${sql.param(signals.map((s) => cardIdOf.get(`${s.petId}|${s.concern}`)))}::uuid[],
      ${sql.param(signals.map((s) => s.kind))}::text[],
      ${sql.param(signals.map((s) => s.severity))}::smallint[],
      ${sql.param(signals.map((s) => s.value))}::real[],
      ${sql.param(signals.map((s) => s.threshold))}::real[],
      ${sql.param(signals.map((s) => s.unit))}::text[],
      ${sql.param(signals.map((s) => s.detail))}::text[],
      ${sql.param(signals.map((s) => s.sourceEntity))}::text[],
      ${sql.param(signals.map((s) => s.sourceId))}::text[],
      ${sql.param(signals.map((s) => s.at.toISOString()))}::timestamptz[],
      ${sql.param(signals.map((s) => s.dedupeKey))}::text[]
    )
    on conflict (card_id, dedupe_key) where resolved_at is null do update set
      kind = excluded.kind, severity = excluded.severity, value = excluded.value,
      threshold = excluded.threshold, unit = excluded.unit, detail = excluded.detail, at = excluded.at
    -- The same signal seen again keeps its worst: the higher severity, then the farther from its threshold.
    where excluded.severity > t.severity
       or (excluded.severity = t.severity
           and abs(coalesce(excluded.value, 0) - coalesce(excluded.threshold, 0))
               >= abs(coalesce(t.value, 0) - coalesce(t.threshold, 0)))`);
  const counts = await refreshTriggerCounts(
    tx,
    touched.map((row) => row.id),
  );
  return touched.map((row) => {
    const was = previous.get(`${row.pet_id}|${row.concern}`);
    return {
      id: row.id,
      petId: row.pet_id,
      concern: row.concern,
      severity: row.severity,
      opened: row.opened,
      previousSeverity: was?.severity ?? null,
      previousTriggerCount: was ? Number(was.trigger_count) : null,
      triggerCount: counts.get(row.id) ?? 0,
    };
  });
}

const distance = (signal: Signal) => Math.abs((signal.value ?? 0) - (signal.threshold ?? 0));

/**
 * One signal per trigger (pet, concern, dedupe key), the worst: one statement may not touch a row
 * twice, and a batch often holds several abnormal half hours of one day.
 */
function worstOfEach(signals: readonly Signal[]): Signal[] {
  const worst = new Map<string, Signal>();
  for (const signal of signals) {
    const key = `${signal.petId}|${signal.concern}|${signal.dedupeKey}`;
    const kept = worst.get(key);
    if (
      !kept ||
      signal.severity > kept.severity ||
      (signal.severity === kept.severity && distance(signal) >= distance(kept))
    )
      worst.set(key, signal);
  }
  return [...worst.values()];
}

/** Recounts the cards' triggers; answers each card's trigger count. */
export async function refreshTriggerCounts(
  tx: DbOrTx,
  cardIds: readonly string[],
): Promise<Map<string, number>> {
  if (cardIds.length === 0) return new Map();
  const rows = rowsOf<{ id: string; trigger_count: number }>(
    await tx.execute(sql`
    update pending_cards c set trigger_count = x.n, open_trigger_count = x.open
    from (
      select card_id, count(*)::int as n, (count(*) filter (where resolved_at is null))::int as open
      from pending_card_triggers where card_id = any(${sql.param([...cardIds])}::uuid[])
      group by card_id
    ) x
    where c.id = x.card_id
    returning c.id, c.trigger_count`),
  );
  return new Map(rows.map((row) => [row.id, Number(row.trigger_count)]));
}

// --- rule inputs ---------------------------------------------------------------------------------

export interface RespiratoryBucket {
  petId: string;
  bucketStart: Date;
  average: number;
  count: number;
  species: Species;
  override: { low: number; high: number; highOrange: number; highRed: number } | null;
}

/** The half-hour respiratory averages (after this batch) of the buckets a batch's readings fell in. */
export async function respiratoryBucketsOf(
  tx: DbOrTx,
  readings: ReadonlyArray<{ petId: string; measuredAt: Date }>,
): Promise<RespiratoryBucket[]> {
  if (readings.length === 0) return [];
  const rows = rowsOf<{
    pet_id: string;
    bucket_start: string | Date;
    average: number;
    count: number;
    species: Species;
    low: number | null;
    high: number | null;
    high_orange: number | null;
    high_red: number | null;
  }>(
    await tx.execute(sql`
      with touched as (
        select distinct pet_id, date_bin('30 minutes', measured_at, timestamptz '2000-01-01 00:00:00+00') as bucket_start
        from unnest(
          ${sql.param(readings.map((r) => r.petId))}::uuid[],
          ${sql.param(readings.map((r) => r.measuredAt.toISOString()))}::timestamptz[]
        ) as t(pet_id, measured_at)
      )
      select r.pet_id, r.bucket_start, (r.sum / r.count)::float8 as average, r.count, p.species,
             th.low, th.high, th.high_orange, th.high_red
      from touched x
      join tracker_rollups_30m r
        on r.pet_id = x.pet_id and r.kind = 'respiratory_rate' and r.bucket_start = x.bucket_start
      join pets p on p.id = x.pet_id
      left join respiratory_thresholds th on th.pet_id = x.pet_id`),
  );
  return rows.map((row) => ({
    petId: row.pet_id,
    bucketStart: new Date(row.bucket_start),
    average: Number(row.average),
    count: Number(row.count),
    species: row.species,
    override:
      row.low !== null && row.high !== null && row.high_orange !== null && row.high_red !== null
        ? { low: row.low, high: row.high, highOrange: row.high_orange, highRed: row.high_red }
        : null,
  }));
}

/** Every respiratory half hour since `since` whose average is outside [low, high] by the pet's thresholds. */
export async function abnormalRespiratoryBucketsSince(
  tx: DbOrTx,
  since: Date,
  defaults: Record<Species, { low: number; high: number }>,
): Promise<RespiratoryBucket[]> {
  const rows = rowsOf<{
    pet_id: string;
    bucket_start: string | Date;
    average: number;
    count: number;
    species: Species;
    low: number | null;
    high: number | null;
    high_orange: number | null;
    high_red: number | null;
  }>(
    await tx.execute(sql`
      select r.pet_id, r.bucket_start, (r.sum / r.count)::float8 as average, r.count, p.species,
             th.low, th.high, th.high_orange, th.high_red
      from tracker_rollups_30m r
      join pets p on p.id = r.pet_id
      left join respiratory_thresholds th on th.pet_id = r.pet_id
      where r.kind = 'respiratory_rate' and r.bucket_start >= ${since.toISOString()}::timestamptz
        and (
          round((r.sum / r.count)::numeric, 1) > coalesce(th.high, case when p.species = 'cat' then ${defaults.cat.high}::real else ${defaults.dog.high}::real end)
          or round((r.sum / r.count)::numeric, 1) < coalesce(th.low, case when p.species = 'cat' then ${defaults.cat.low}::real else ${defaults.dog.low}::real end)
        )
      order by r.pet_id, r.bucket_start`),
  );
  return rows.map((row) => ({
    petId: row.pet_id,
    bucketStart: new Date(row.bucket_start),
    average: Number(row.average),
    count: Number(row.count),
    species: row.species,
    override:
      row.low !== null && row.high !== null && row.high_orange !== null && row.high_red !== null
        ? { low: row.low, high: row.high, highOrange: row.high_orange, highRed: row.high_red }
        : null,
  }));
}

/** Weight entries measured since `since`, each with what the weight rules compare it with. */
export async function weightEntriesWithContextSince(tx: DbOrTx, since: Date) {
  const rows = rowsOf<{
    id: string;
    pet_id: string;
    value_kg: string | number;
    measured_at: string | Date;
    target: string | number | null;
    month_id: string | null;
    month_kg: string | number | null;
    month_at: string | Date | null;
    prev_id: string | null;
    prev_kg: string | number | null;
    prev_at: string | Date | null;
  }>(
    await tx.execute(sql`
      select w.id, w.pet_id, w.value_kg, w.measured_at, hp.target_weight_kg as target,
             m.id as month_id, m.value_kg as month_kg, m.measured_at as month_at,
             pr.id as prev_id, pr.value_kg as prev_kg, pr.measured_at as prev_at
      from weight_entries w
      left join pet_health_profiles hp on hp.pet_id = w.pet_id
      left join lateral (
        select id, value_kg, measured_at from weight_entries x
        where x.pet_id = w.pet_id and x.id <> w.id
          and x.measured_at >= w.measured_at - interval '30 days' and x.measured_at < w.measured_at
        order by x.measured_at asc limit 1
      ) m on true
      left join lateral (
        select id, value_kg, measured_at from weight_entries x
        where x.pet_id = w.pet_id and x.id <> w.id and x.measured_at < w.measured_at
        order by x.measured_at desc limit 1
      ) pr on true
      where w.measured_at >= ${since.toISOString()}::timestamptz
      order by w.measured_at`),
  );
  const entry = (id: string | null, kg: string | number | null, at: string | Date | null) =>
    id && kg !== null && at !== null ? { id, valueKg: Number(kg), measuredAt: new Date(at) } : null;
  return rows.map((row) => ({
    entry: {
      id: row.id,
      petId: row.pet_id,
      valueKg: Number(row.value_kg),
      measuredAt: new Date(row.measured_at),
    },
    context: {
      targetKg: row.target === null ? null : Number(row.target),
      monthAgo: entry(row.month_id, row.month_kg, row.month_at),
      previous: entry(row.prev_id, row.prev_kg, row.prev_at),
    } satisfies WeightContext,
  }));
}

export interface WeightContext {
  targetKg: number | null;
  /** The oldest entry of the 30 days before the new one. */
  monthAgo: { id: string; valueKg: number; measuredAt: Date } | null;
  /** The entry just before the new one. */
  previous: { id: string; valueKg: number; measuredAt: Date } | null;
}

export async function weightContextOf(
  tx: DbOrTx,
  petId: string,
  entry: { id: string; measuredAt: Date },
): Promise<WeightContext> {
  const since = new Date(entry.measuredAt.getTime() - 30 * 86_400_000).toISOString();
  const at = entry.measuredAt.toISOString();
  const rows = rowsOf<{
    which: string;
    id: string | null;
    value_kg: string | number | null;
    measured_at: string | Date | null;
  }>(
    await tx.execute(sql`
      (select 'target' as which, null::uuid as id, target_weight_kg as value_kg, null::timestamptz as measured_at
         from pet_health_profiles where pet_id = ${petId})
      union all
      (select 'monthAgo', id, value_kg, measured_at from weight_entries
         where pet_id = ${petId} and id <> ${entry.id} and measured_at >= ${since}::timestamptz and measured_at < ${at}::timestamptz
         order by measured_at asc limit 1)
      union all
      (select 'previous', id, value_kg, measured_at from weight_entries
         where pet_id = ${petId} and id <> ${entry.id} and measured_at < ${at}::timestamptz
         order by measured_at desc limit 1)`),
  );
  const entryOf = (which: string) => {
    const row = rows.find((r) => r.which === which);
    return row?.id && row.value_kg !== null && row.measured_at !== null
      ? { id: row.id, valueKg: Number(row.value_kg), measuredAt: new Date(row.measured_at) }
      : null;
  };
  const target = rows.find((r) => r.which === 'target')?.value_kg;
  return {
    targetKg: target === null || target === undefined ? null : Number(target),
    monthAgo: entryOf('monthAgo'),
    previous: entryOf('previous'),
  };
}

export async function checkupProblematicCount(tx: DbOrTx, checkupId: string): Promise<number | null> {
  const [row] = rowsOf<{ problematic_count: number }>(
    await tx.execute(sql`select problematic_count from checkups where id = ${checkupId}::uuid`),
  );
  return row ? Number(row.problematic_count) : null;
}

/** Pets whose collar sent heart-rate data (only a collar measures it) in the last 30 days. */
export interface CollarCoverage {
  petId: string;
  petName: string;
  hoursWithData: number;
}

/**
 * How many of the `hours` before `now` each collar pet's collar covered. A reading covers its own hour
 * and the `spreadHours - 1` after it: the slowest collars measure every four hours, so a steady v1
 * collar covers the whole window and only a collar that stops sending leaves hours uncovered.
 */
export async function collarCoverage(
  db: DbOrTx,
  now: Date,
  hours: number,
  spreadHours: number,
): Promise<CollarCoverage[]> {
  const end = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  const start = new Date(end.getTime() - hours * 3_600_000);
  const lookFrom = new Date(start.getTime() - (spreadHours - 1) * 3_600_000);
  const since = new Date(now.getTime() - 30 * 86_400_000).toISOString().slice(0, 10);
  const rows = rowsOf<{ pet_id: string; name: string; hours: number }>(
    await db.execute(sql`
      with collar as (
        select distinct pet_id from tracker_rollups_daily
        where kind = 'heart_rate' and local_date >= ${since}::date
      )
      select c.pet_id, p.name, coalesce((
        select count(distinct h)::int from (
          select generate_series(b.hour, b.hour + make_interval(hours => ${spreadHours - 1}), interval '1 hour') as h
          from (
            select distinct date_trunc('hour', r.bucket_start) as hour from tracker_rollups_30m r
            where r.pet_id = c.pet_id
              and r.kind in ('heart_rate', 'respiratory_rate', 'shaking', 'drinking')
              and r.bucket_start >= ${lookFrom.toISOString()}::timestamptz
              and r.bucket_start < ${end.toISOString()}::timestamptz
          ) b
        ) s where s.h >= ${start.toISOString()}::timestamptz and s.h < ${end.toISOString()}::timestamptz
      ), 0) as hours
      from collar c join pets p on p.id = c.pet_id`),
  );
  return rows.map((row) => ({ petId: row.pet_id, petName: row.name, hoursWithData: Number(row.hours) }));
}

/** Open collar-data triggers, with their pet: the ones the coverage job may resolve. */
export async function openCollarTriggers(db: DbOrTx) {
  return db
    .select({
      triggerId: pendingCardTriggers.id,
      cardId: pendingCardTriggers.cardId,
      petId: pendingCards.petId,
    })
    .from(pendingCardTriggers)
    .innerJoin(pendingCards, eq(pendingCards.id, pendingCardTriggers.cardId))
    .where(
      and(
        eq(pendingCards.status, 'open'),
        eq(pendingCardTriggers.kind, 'collar_data_gap'),
        sql`${pendingCardTriggers.resolvedAt} is null`,
      ),
    );
}

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

/**
 * The signal events the records since `since` would have published, as the consumer reads them: a
 * problematic answered checkup (when answered) and a severity-3 journal entry (when received).
 */
export async function signalEventsOfRecordsSince(
  db: DbOrTx,
  since: Date,
): Promise<Array<UnconsumedEvent & { petId: string }>> {
  const rows = rowsOf<{ type: string; entity: string; entity_id: string; pet_id: string; at: string | Date }>(
    await db.execute(sql`
      select 'checkup.problematic' as type, 'checkup' as entity, id::text as entity_id, pet_id, answered_at as at
      from checkups where problematic and answered_at >= ${since.toISOString()}::timestamptz
      union all
      select 'journal.severe', 'journal_entry', id::text, pet_id, received_at
      from journal_entries where severity = 3 and received_at >= ${since.toISOString()}::timestamptz
      order by at, entity_id`),
  );
  return rows.map((row) => ({
    seq: 0,
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

// --- reads ---------------------------------------------------------------------------------------

const owners = alias(users, 'owner');
const claimer = alias(vets, 'claimer');
const snoozer = alias(vets, 'snoozer');
const resolver = alias(vets, 'resolver');

function selectCards(db: DbOrTx) {
  return db
    .select({
      card: pendingCards,
      pet: { id: pets.id, name: pets.name },
      owner: { firstName: owners.firstName, lastName: owners.lastName, b2bCode: owners.b2bCode },
      claimedBy: { id: claimer.id, firstName: claimer.firstName, lastName: claimer.lastName },
      snoozedBy: { id: snoozer.id, firstName: snoozer.firstName, lastName: snoozer.lastName },
      resolvedBy: { id: resolver.id, firstName: resolver.firstName, lastName: resolver.lastName },
    })
    .from(pendingCards)
    .innerJoin(pets, eq(pets.id, pendingCards.petId))
    .leftJoin(families, eq(families.id, pets.familyId))
    .leftJoin(owners, eq(owners.id, families.ownerUserId))
    .leftJoin(claimer, eq(claimer.id, pendingCards.claimedByVetId))
    .leftJoin(snoozer, eq(snoozer.id, pendingCards.snoozedByVetId))
    .leftJoin(resolver, eq(resolver.id, pendingCards.resolvedByVetId))
    .$dynamic();
}

export type CardDetailsRow = Awaited<ReturnType<typeof selectCards>>[number];

export type CardFilter = Omit<PendingCardListQuery, 'page' | 'pageSize' | 'sort' | 'order'> & {
  scope: SQL | undefined;
  vetId: string | null;
  now: Date;
};

function filterCondition(filter: CardFilter): SQL | undefined {
  const now = filter.now.toISOString();
  const snoozed = sql`${pendingCards.snoozedUntil} > ${now}::timestamptz`;
  const notSnoozed = sql`(${pendingCards.snoozedUntil} is null or ${pendingCards.snoozedUntil} <= ${now}::timestamptz)`;
  const view =
    filter.view === 'open'
      ? and(eq(pendingCards.status, 'open'), notSnoozed)
      : filter.view === 'snoozed'
        ? and(eq(pendingCards.status, 'open'), snoozed)
        : filter.view === 'resolved'
          ? eq(pendingCards.status, 'resolved')
          : undefined;
  return and(
    filter.scope,
    view,
    filter.concern ? eq(pendingCards.concern, filter.concern) : undefined,
    filter.severity ? eq(pendingCards.severity, severityNumber(filter.severity)) : undefined,
    filter.assignment === 'unclaimed' ? sql`${pendingCards.claimedByVetId} is null` : undefined,
    filter.assignment === 'mine' && filter.vetId ? eq(pendingCards.claimedByVetId, filter.vetId) : undefined,
    filter.petUuid ? eq(pendingCards.petId, filter.petUuid) : undefined,
    filter.companySku ? eq(owners.b2bCode, filter.companySku) : undefined,
    filter.search
      ? or(
          like(pets.searchText, containsPattern(filter.search)),
          sql`lower(${owners.firstName} || ' ' || ${owners.lastName}) like ${containsPattern(filter.search)}`,
        )
      : undefined,
  );
}

function severityNumber(severity: NonNullable<PendingCardListQuery['severity']>): number {
  return severity === 'high-red' ? 3 : severity === 'high-orange' ? 2 : 1;
}

function orderOf(sort: Pick<PendingCardListQuery, 'sort' | 'order'>): SQL[] {
  if (sort.sort === 'queue') {
    // Worst first, then the longest waiting.
    return [desc(pendingCards.severity), asc(pendingCards.openedAt), asc(pendingCards.id)];
  }
  const column = sort.sort === 'lastTriggerAt' ? pendingCards.lastTriggerAt : pendingCards.openedAt;
  return orderByWithTieBreak(column, sort.order, pendingCards.id);
}

export function listCards(
  db: DbOrTx,
  filter: CardFilter,
  sort: Pick<PendingCardListQuery, 'sort' | 'order'>,
  window: PageWindow,
): Promise<CardDetailsRow[]> {
  return selectCards(db)
    .where(filterCondition(filter))
    .orderBy(...orderOf(sort))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countCards(db: DbOrTx, filter: CardFilter, bound: number): Promise<number> {
  return boundedCountOf(
    db,
    db
      .select({ one: sql`1` })
      .from(pendingCards)
      .innerJoin(pets, eq(pets.id, pendingCards.petId))
      .leftJoin(families, eq(families.id, pets.familyId))
      .leftJoin(owners, eq(owners.id, families.ownerUserId))
      .where(filterCondition(filter))
      .$dynamic(),
    bound,
  );
}

export async function findCard(db: DbOrTx, id: string, scope: SQL | undefined) {
  const [row] = await selectCards(db)
    .where(and(eq(pendingCards.id, id), scope))
    .limit(1);
  return row;
}

/** The pet's other open cards and its resolved cards of `concern`, newest first. */
export async function relatedCards(db: DbOrTx, card: PendingCardRow) {
  const [others, history] = await Promise.all([
    selectCards(db)
      .where(
        and(
          eq(pendingCards.petId, card.petId),
          eq(pendingCards.status, 'open'),
          ne(pendingCards.id, card.id),
        ),
      )
      .orderBy(desc(pendingCards.severity), asc(pendingCards.openedAt)),
    selectCards(db)
      .where(
        and(
          eq(pendingCards.petId, card.petId),
          eq(pendingCards.concern, card.concern),
          eq(pendingCards.status, 'resolved'),
          ne(pendingCards.id, card.id),
        ),
      )
      .orderBy(desc(pendingCards.resolvedAt))
      .limit(20),
  ]);
  return { others, history };
}

const triggerResolver = alias(vets, 'trigger_resolver');

export type TriggerWithResolverRow = {
  trigger: PendingCardTriggerRow;
  resolvedBy: { id: string; firstName: string; lastName: string } | null;
};

export async function triggersOf(db: DbOrTx, cardIds: readonly string[]): Promise<TriggerWithResolverRow[]> {
  if (cardIds.length === 0) return [];
  return db
    .select({
      trigger: pendingCardTriggers,
      resolvedBy: {
        id: triggerResolver.id,
        firstName: triggerResolver.firstName,
        lastName: triggerResolver.lastName,
      },
    })
    .from(pendingCardTriggers)
    .leftJoin(triggerResolver, eq(triggerResolver.id, pendingCardTriggers.resolvedByVetId))
    .where(inArray(pendingCardTriggers.cardId, [...cardIds]))
    .orderBy(desc(pendingCardTriggers.at), desc(pendingCardTriggers.id));
}

/** The newest trigger of each card. */
export async function latestTriggersOf(
  db: DbOrTx,
  cardIds: readonly string[],
): Promise<TriggerWithResolverRow[]> {
  if (cardIds.length === 0) return [];
  const ids = rowsOf<{ id: string }>(
    await db.execute(sql`
      select distinct on (card_id) id from pending_card_triggers
      where card_id = any(${sql.param([...cardIds])}::uuid[])
      order by card_id, at desc, id desc`),
  ).map((row) => row.id);
  if (ids.length === 0) return [];
  return db
    .select({
      trigger: pendingCardTriggers,
      resolvedBy: {
        id: triggerResolver.id,
        firstName: triggerResolver.firstName,
        lastName: triggerResolver.lastName,
      },
    })
    .from(pendingCardTriggers)
    .leftJoin(triggerResolver, eq(triggerResolver.id, pendingCardTriggers.resolvedByVetId))
    .where(inArray(pendingCardTriggers.id, ids));
}

export async function lockCard(
  tx: DbOrTx,
  id: string,
  scope: SQL | undefined,
): Promise<PendingCardRow | undefined> {
  const [row] = await tx
    .select()
    .from(pendingCards)
    .where(and(eq(pendingCards.id, id), scope))
    .for('update')
    .limit(1);
  return row;
}

export async function updateCard(tx: DbOrTx, id: string, changes: Partial<PendingCardRow>): Promise<void> {
  await tx.update(pendingCards).set(changes).where(eq(pendingCards.id, id));
}

export async function lockTrigger(tx: DbOrTx, cardId: string, triggerId: string) {
  const [row] = await tx
    .select()
    .from(pendingCardTriggers)
    .where(and(eq(pendingCardTriggers.id, triggerId), eq(pendingCardTriggers.cardId, cardId)))
    .for('update')
    .limit(1);
  return row;
}

export async function resolveTriggers(
  tx: DbOrTx,
  where: { cardId: string; triggerId?: string },
  by: { vetId: string | null; at: Date; note: string | null },
): Promise<void> {
  await tx
    .update(pendingCardTriggers)
    .set({ resolvedAt: by.at, resolvedByVetId: by.vetId, resolutionNote: by.note })
    .where(
      and(
        eq(pendingCardTriggers.cardId, where.cardId),
        where.triggerId ? eq(pendingCardTriggers.id, where.triggerId) : undefined,
        sql`${pendingCardTriggers.resolvedAt} is null`,
      ),
    );
}

export interface PetWeekCardRow {
  id: string;
  petId: string;
  concern: PendingCardRow['concern'];
  severity: number;
  openedAt: Date;
  resolvedAt: Date | null;
}

/** Cards of some pets open at some time in [start, end): opened before its end, not resolved before its start. */
export function cardsOfPetsDuring(db: DbOrTx, petIds: readonly string[], start: Date, end: Date) {
  return db
    .select({
      id: pendingCards.id,
      petId: pendingCards.petId,
      concern: pendingCards.concern,
      severity: pendingCards.severity,
      openedAt: pendingCards.openedAt,
      resolvedAt: pendingCards.resolvedAt,
    })
    .from(pendingCards)
    .where(
      and(
        inArray(pendingCards.petId, [...petIds]),
        sql`${pendingCards.openedAt} < ${end.toISOString()}::timestamptz`,
        or(
          sql`${pendingCards.resolvedAt} is null`,
          sql`${pendingCards.resolvedAt} >= ${start.toISOString()}::timestamptz`,
        ),
      ),
    )
    .orderBy(desc(pendingCards.severity), asc(pendingCards.openedAt), asc(pendingCards.id));
}

/**
 * One pet's cards raised or resolved, for its timeline: one bounded page. `concerns`: only cards about
 * these (a source filter decides them), every concern when left out.
 */
export function pendingCardTimelineRows(
  db: DbOrTx,
  read: TimelineRead,
  kind: 'pending_card.raised' | 'pending_card.resolved',
  concerns?: PendingCardConcern[],
) {
  const at = kind === 'pending_card.raised' ? pendingCards.openedAt : pendingCards.resolvedAt;
  return db
    .select({
      id: pendingCards.id,
      at: timelineAt(at),
      concern: pendingCards.concern,
      severity: pendingCards.severity,
    })
    .from(pendingCards)
    .where(
      timelineWhere(
        kind,
        at,
        pendingCards.id,
        read,
        eq(pendingCards.petId, read.petId),
        concerns ? inArray(pendingCards.concern, concerns) : undefined,
      ),
    )
    .orderBy(...timelineOrder(at, pendingCards.id))
    .limit(read.limit);
}
