import {
  classifyRespiratoryRate,
  DIET_OFF_PLAN_DAYS,
  type DietProgress,
  defaultRespiratoryThresholds,
  type PendingCard,
  type PendingCardBulkResolve,
  type PendingCardConcern,
  type PendingCardListQuery,
  type PendingCardListResponse,
  type PendingCardResolve,
  type PendingCardSnooze,
  type PendingCardSummary,
  type PendingCardTriggerKind,
  type PendingCardTriggerKindsResponse,
  type PendingCardTriggerResolve,
  pendingCardConcernLabels,
  pendingCardConcerns,
  pendingCardSeverityLabels,
  pendingCardTriggerKindInfo,
  pendingCardTriggerKinds,
  type RespiratoryThresholds,
  severityOfRank,
  severityRank,
  suggestedAssessmentSentence,
  type TimelineSource,
  timestampToDate,
  toTimestamp,
} from '@vetboard/contract';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Now } from '../../../lib/clock.ts';
import { newId } from '../../../lib/ids.ts';
import { listPage } from '../../../lib/list-query.ts';
import type { TimelineEvent, TimelineRead } from '../../../lib/timeline.ts';
import { type Actor, actingVetId, type VetActor } from '../../../policy/actor.ts';
import { petCondition } from '../../../policy/scope.ts';
import { recordPetEvent } from '../../core/pets/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { eventActorOf } from '../../platform/events/index.ts';
import { pendingCardsErrors } from './pending-cards.errors.ts';
import { toCardDto, toCardSummaryDto } from './pending-cards.mapper.ts';
import {
  abnormalRespiratoryBucketsSince,
  type CardDetailsRow,
  cardsOfPetsDuring,
  checkupProblematicCount,
  collarCoverage,
  countCards,
  findCard,
  latestTriggersOf,
  listCards,
  listUnconsumedEvents,
  lockCard,
  lockTrigger,
  markEventConsumed,
  openCollarTriggers,
  pendingCardTimelineRows,
  type RespiratoryBucket,
  refreshTriggerCounts,
  relatedCards,
  resolveTriggers,
  respiratoryBucketsOf,
  type Signal,
  signalEventsOfRecordsSince,
  triggersOf,
  type UnconsumedEvent,
  updateCard,
  upsertSignals,
  type WeightContext,
  weightContextOf,
  weightEntriesWithContextSince,
} from './pending-cards.repository.ts';
import { type PendingCardRow, pendingCards } from './pending-cards.table.ts';

export type { Signal } from './pending-cards.repository.ts';

/** `announce: false`: no live event or audit entry per card (the demo seed audits its load once). */
interface Quiet {
  announce?: boolean;
}

export interface PendingCardsDeps {
  db: Db;
  now: Now;
}

/** Out of the actor's scope, a card is as unknown as a missing one. */
const cardScope = (actor: Actor) => petCondition(actor, pendingCards.petId);

// --- reads ---------------------------------------------------------------------------------------

async function summaries(db: DbOrTx, rows: CardDetailsRow[]): Promise<PendingCardSummary[]> {
  const latest = new Map(
    (
      await latestTriggersOf(
        db,
        rows.map((row) => row.card.id),
      )
    ).map((t) => [t.trigger.cardId, t]),
  );
  return rows.map((row) => toCardSummaryDto(row, latest.get(row.card.id)));
}

export async function listPendingCardsPage(
  deps: PendingCardsDeps,
  actor: Actor,
  query: PendingCardListQuery,
): Promise<PendingCardListResponse> {
  const { page, pageSize, sort, order, ...filters } = query;
  const filter = { ...filters, scope: cardScope(actor), vetId: actingVetId(actor), now: deps.now() };
  const { rows, pagination } = await listPage(query, {
    rows: (window) => listCards(deps.db, filter, { sort, order }, window),
    count: (bound) => countCards(deps.db, filter, bound),
  });
  return { pendingCards: await summaries(deps.db, rows), pagination };
}

async function cardDto(db: DbOrTx, actor: Actor, id: string): Promise<PendingCard> {
  const row = await findCard(db, id, cardScope(actor));
  if (!row) throw pendingCardsErrors.notFound();
  const [triggers, related] = await Promise.all([triggersOf(db, [id]), relatedCards(db, row.card)]);
  const [others, history] = await Promise.all([
    summaries(db, related.others),
    summaries(db, related.history),
  ]);
  return toCardDto(row, triggers, others, history);
}

export async function getPendingCard(deps: Pick<PendingCardsDeps, 'db'>, actor: Actor, id: string) {
  return { pendingCard: await cardDto(deps.db, actor, id) };
}

export function listTriggerKinds(): PendingCardTriggerKindsResponse {
  return {
    triggers: pendingCardTriggerKinds.map((kind) => ({ kind, ...pendingCardTriggerKindInfo[kind] })),
  };
}

// --- a vet's actions -----------------------------------------------------------------------------

const auditState = (
  card: Pick<
    PendingCardRow,
    'status' | 'claimedByVetId' | 'snoozedUntil' | 'snoozeReason' | 'resolutionNote'
  >,
) => ({
  status: card.status,
  claimedBy: card.claimedByVetId,
  snoozedUntil: card.snoozedUntil?.toISOString() ?? null,
  snoozeReason: card.snoozeReason,
  resolutionNote: card.resolutionNote,
});

/**
 * Locks the card in scope (404 otherwise) and refuses a resolved one (409); then applies `change`,
 * records the live event and the audit with the card's state before and after.
 */
async function changeCard(
  deps: PendingCardsDeps,
  id: string,
  actor: VetActor,
  action: string,
  change: (tx: DbOrTx, card: PendingCardRow, at: Date) => Promise<Partial<PendingCardRow> | null>,
): Promise<{ pendingCard: PendingCard }> {
  await deps.db.transaction(async (tx) => {
    const card = await lockCard(tx, id, cardScope(actor));
    if (!card) throw pendingCardsErrors.notFound();
    if (card.status === 'resolved') throw pendingCardsErrors.resolved();
    const at = deps.now();
    const changes = await change(tx, card, at);
    if (!changes) return;
    await updateCard(tx, id, changes);
    await recordPetEvent(tx, card.petId, {
      type: 'pending_card.changed',
      entity: 'pending_card',
      id,
      actor: eventActorOf(actor),
    });
    await recordAudit(tx, actor, {
      action,
      entity: 'pending_card',
      entityId: id,
      changes: { before: auditState(card), after: auditState({ ...card, ...changes }) },
    });
  });
  return getPendingCard(deps, actor, id);
}

/** "I'm on it": the card is the vet's. Claiming one's own card again changes nothing. */
export function claimCard(deps: PendingCardsDeps, actor: VetActor, id: string) {
  return changeCard(deps, id, actor, 'pending_cards.claim', async (_tx, card, at) => {
    if (card.claimedByVetId === actor.vetId) return null;
    if (card.claimedByVetId) throw pendingCardsErrors.claimedByAnother();
    return { claimedByVetId: actor.vetId, claimedAt: at };
  });
}

export function unclaimCard(deps: PendingCardsDeps, actor: VetActor, id: string) {
  return changeCard(deps, id, actor, 'pending_cards.unclaim', async (_tx, card) =>
    card.claimedByVetId ? { claimedByVetId: null, claimedAt: null } : null,
  );
}

/** Hidden from the queue until `until`, with who snoozed it and why. */
export function snoozeCard(deps: PendingCardsDeps, actor: VetActor, id: string, input: PendingCardSnooze) {
  return changeCard(deps, id, actor, 'pending_cards.snooze', async (_tx, _card, at) => {
    const until = timestampToDate(input.until);
    if (until <= at) throw pendingCardsErrors.snoozeInPast();
    return { snoozedUntil: until, snoozedByVetId: actor.vetId, snoozeReason: input.reason };
  });
}

async function resolveOpenCard(
  tx: DbOrTx,
  card: PendingCardRow,
  by: { vetId: string | null; at: Date; note: string },
) {
  await resolveTriggers(tx, { cardId: card.id }, by);
  await refreshTriggerCounts(tx, [card.id]);
  return {
    status: 'resolved' as const,
    resolvedAt: by.at,
    resolvedByVetId: by.vetId,
    resolutionNote: by.note,
    openTriggerCount: 0,
  };
}

/** Resolves the card and its open triggers with the vet's note; a later signal opens a new card. */
export function resolveCard(deps: PendingCardsDeps, actor: VetActor, id: string, input: PendingCardResolve) {
  return changeCard(deps, id, actor, 'pending_cards.resolve', (tx, card, at) =>
    resolveOpenCard(tx, card, { vetId: actor.vetId, at, note: input.note }),
  );
}

/** Resolves one trigger; resolving the card's last open trigger resolves the card. */
export function resolveTrigger(
  deps: PendingCardsDeps,
  actor: VetActor,
  id: string,
  triggerId: string,
  input: PendingCardTriggerResolve,
) {
  return changeCard(deps, id, actor, 'pending_cards.resolve_trigger', async (tx, card, at) => {
    const trigger = await lockTrigger(tx, id, triggerId);
    if (!trigger) throw pendingCardsErrors.triggerNotFound();
    if (trigger.resolvedAt) throw pendingCardsErrors.triggerResolved();
    const note = input.note || null;
    await resolveTriggers(tx, { cardId: id, triggerId }, { vetId: actor.vetId, at, note });
    await refreshTriggerCounts(tx, [id]);
    const open = card.openTriggerCount - 1;
    if (open > 0) return { openTriggerCount: open };
    return resolveOpenCard(tx, card, { vetId: actor.vetId, at, note: note ?? 'Every trigger resolved' });
  });
}

/** Resolves several cards with one note, all or nothing; cards already resolved are left as they are. */
export async function bulkResolveCards(
  deps: PendingCardsDeps,
  actor: VetActor,
  input: PendingCardBulkResolve,
) {
  const resolved: string[] = [];
  await deps.db.transaction(async (tx) => {
    const at = deps.now();
    for (const id of [...new Set(input.uuids)].sort()) {
      const card = await lockCard(tx, id, cardScope(actor));
      if (!card) throw pendingCardsErrors.notFound();
      if (card.status === 'resolved') continue;
      const changes = await resolveOpenCard(tx, card, { vetId: actor.vetId, at, note: input.note });
      await updateCard(tx, id, changes);
      await recordPetEvent(tx, card.petId, {
        type: 'pending_card.changed',
        entity: 'pending_card',
        id,
        actor: eventActorOf(actor),
      });
      await recordAudit(tx, actor, {
        action: 'pending_cards.resolve',
        entity: 'pending_card',
        entityId: id,
        changes: { before: auditState(card), after: auditState({ ...card, ...changes }), bulk: true },
      });
      resolved.push(id);
    }
  });
  return { resolved };
}

// --- raising cards -------------------------------------------------------------------------------

function signalOf(
  kind: PendingCardTriggerKind,
  fields: Omit<Signal, 'concern' | 'severity' | 'kind'>,
): Signal {
  const info = pendingCardTriggerKindInfo[kind];
  return { ...fields, kind, concern: info.concern, severity: severityRank(info.severity) };
}

/**
 * Joins signals to their pets' open cards (opening cards where needed) inside the caller's
 * transaction. A card opened, made more severe or given a new trigger is audited (by the system or
 * integration that raised it, with the severity and trigger count before and after) and announced
 * live, so an open queue and the home page refresh; a trigger only refreshed (the same half hour
 * day or coverage gap seen again) is neither, or a collar would log one entry per batch.
 */
export async function raiseSignals(
  tx: DbOrTx,
  actor: Actor,
  signals: readonly Signal[],
  now: Date,
  options: Quiet = {},
): Promise<void> {
  const touched = await upsertSignals(tx, signals, { card: newId, trigger: newId }, now);
  // The demo seed raises hundreds of cards at once: it records one audit entry for all it loads.
  if (options.announce === false) return;
  for (const card of touched) {
    const escalated = card.previousSeverity !== null && card.severity > card.previousSeverity;
    const joined = card.previousTriggerCount !== null && card.triggerCount > card.previousTriggerCount;
    if (!card.opened && !escalated && !joined) continue;
    await recordPetEvent(tx, card.petId, {
      type: card.opened ? 'pending_card.opened' : 'pending_card.changed',
      entity: 'pending_card',
      id: card.id,
      actor: eventActorOf(actor),
    });
    await recordAudit(tx, actor, {
      action: card.opened
        ? 'pending_cards.open'
        : escalated
          ? 'pending_cards.escalate'
          : 'pending_cards.join_trigger',
      entity: 'pending_card',
      entityId: card.id,
      changes: {
        by: eventActorOf(actor),
        before: card.opened
          ? null
          : {
              severity: severityOfRank(card.previousSeverity ?? 1),
              triggerCount: card.previousTriggerCount,
            },
        after: {
          petUuid: card.petId,
          concern: card.concern,
          severity: severityOfRank(card.severity),
          triggerCount: card.triggerCount,
        },
      },
    });
  }
}

/** Readings older than this (a collar catching up on a long-lost week) are history, not news. */
const RESPIRATORY_LOOK_BACK_MS = 7 * 86_400_000;

const bandThreshold = (band: string, t: RespiratoryThresholds) =>
  band === 'high-red' ? t.highRed : band === 'high-orange' ? t.highOrange : band === 'high' ? t.high : t.low;

const bandKind: Record<string, PendingCardTriggerKind> = {
  high: 'respiratory_high',
  'high-orange': 'respiratory_high_orange',
  'high-red': 'respiratory_high_red',
  low: 'respiratory_low',
};

/**
 * The respiratory rule, run in the ingestion's transaction: each half hour the batch's sleeping
 * respiratory readings fell in is judged by its average (after this batch) against the pet's
 * thresholds (its override, else its species'); a half hour in the high, high-orange, high-red or low
 * band is a trigger of the pet's respiratory card. One trigger per (UTC) day keeps the day's worst half
 * hour, so a bad night is one line of evidence, not sixteen.
 */
export async function raiseRespiratoryCards(
  tx: DbOrTx,
  actor: Actor,
  readings: ReadonlyArray<{ petId: string; kind: string; measuredAt: Date }>,
  now: Date,
): Promise<void> {
  const since = now.getTime() - RESPIRATORY_LOOK_BACK_MS;
  const respiratory = readings.filter(
    (r) => r.kind === 'respiratory_rate' && r.measuredAt.getTime() >= since,
  );
  if (respiratory.length === 0) return;
  const buckets = await respiratoryBucketsOf(tx, respiratory);
  await raiseSignals(tx, actor, buckets.flatMap(respiratorySignal), now);
}

/**
 * The respiratory rule's signals over the half hours already stored since `since` (readings loaded
 * without ingestion, the demo data): every abnormal half hour, as ingestion would have judged it.
 */
export async function respiratorySignalsSince(tx: DbOrTx, since: Date): Promise<Signal[]> {
  const buckets = await abnormalRespiratoryBucketsSince(tx, since, defaultRespiratoryThresholds);
  return buckets.flatMap(respiratorySignal);
}

function respiratorySignal(bucket: RespiratoryBucket): Signal[] {
  const thresholds = bucket.override ?? defaultRespiratoryThresholds[bucket.species];
  const average = Math.round(bucket.average * 10) / 10;
  const band = classifyRespiratoryRate(average, thresholds);
  const kind = bandKind[band];
  if (!kind) return [];
  return [
    signalOf(kind, {
      petId: bucket.petId,
      value: average,
      threshold: bandThreshold(band, thresholds),
      unit: 'breaths/min',
      detail: `Half-hour average of ${bucket.count} sleeping reading${bucket.count === 1 ? '' : 's'}`,
      sourceEntity: null,
      sourceId: null,
      at: bucket.bucketStart,
      dedupeKey: `respiratory:${bucket.bucketStart.toISOString().slice(0, 10)}`,
    }),
  ];
}

const WEIGHT_CHANGE_PERCENT = 5;
const WEIGHT_TARGET_PERCENT = 3;
const round1 = (value: number) => Math.round(value * 10) / 10;
const signed = (value: number) => `${value > 0 ? '+' : ''}${round1(value)} %`;

/**
 * The weight rules, run in the transaction that adds or corrects an entry measured in the last 30
 * days: a change of more than 5 % from the oldest entry of the 30 days before it, or an entry more
 * than 3 % from the target that moved away from it.
 */
export async function raiseWeightCards(
  tx: DbOrTx,
  actor: Actor,
  entry: WeighedEntry,
  now: Date,
  dietProgress: DietProgress | null = null,
): Promise<void> {
  if (entry.measuredAt.getTime() < now.getTime() - 30 * 86_400_000) return;
  const context = await weightContextOf(tx, entry.petId, entry);
  const offPlan = dietOffPlanSignal(entry, dietProgress);
  await raiseSignals(tx, actor, [...weightSignals(entry, context), ...offPlan], now);
}

/**
 * The diet rule, on the progress the weight module computed with the entry: after it, the pet's current weight diet has been behind its
 * plan on every entry for three weeks or more. One trigger per diet, refreshed by later entries; its
 * detail carries the earlier next assessment the diet page suggests. The demo seed's replay calls it
 * too, with the progress as it stood after each stored entry.
 */
export function dietOffPlanSignal(entry: WeighedEntry, progress: DietProgress | null): Signal[] {
  if (!progress?.latest || progress.status !== 'behind' || progress.behindDays < DIET_OFF_PLAN_DAYS)
    return [];
  const { latest } = progress;
  const suggestion = suggestedAssessmentSentence(progress);
  return [
    signalOf('weight_off_plan', {
      petId: entry.petId,
      value: latest.actualKg,
      threshold: round1(latest.expectedKg + progress.toleranceKg * (progress.direction === 'loss' ? 1 : -1)),
      unit: 'kg',
      detail: `${latest.actualKg} kg, expected ${latest.expectedKg} kg: behind the diet's plan for ${progress.behindDays} days${suggestion ? `. ${suggestion}` : ''}`,
      sourceEntity: 'weight_entry',
      sourceId: entry.id,
      at: entry.measuredAt,
      dedupeKey: `weight_off_plan:${progress.dietUuid}`,
    }),
  ];
}

/** The weight rules' signals over the entries already stored since `since` (the demo data). */
export async function weightSignalsSince(tx: DbOrTx, since: Date): Promise<Signal[]> {
  const entries = await weightEntriesWithContextSince(tx, since);
  return entries.flatMap(({ entry, context }) => weightSignals(entry, context));
}

export interface WeighedEntry {
  id: string;
  petId: string;
  valueKg: number;
  measuredAt: Date;
}

function weightSignals(entry: WeighedEntry, context: WeightContext): Signal[] {
  const source = {
    sourceEntity: 'weight_entry',
    sourceId: entry.id,
    at: entry.measuredAt,
    petId: entry.petId,
  };
  const signals: Signal[] = [];
  if (context.monthAgo) {
    const change = ((entry.valueKg - context.monthAgo.valueKg) / context.monthAgo.valueKg) * 100;
    if (Math.abs(change) > WEIGHT_CHANGE_PERCENT) {
      const days = Math.max(
        1,
        Math.round((entry.measuredAt.getTime() - context.monthAgo.measuredAt.getTime()) / 86_400_000),
      );
      signals.push(
        signalOf('weight_change', {
          ...source,
          value: round1(change),
          threshold: change > 0 ? WEIGHT_CHANGE_PERCENT : -WEIGHT_CHANGE_PERCENT,
          unit: '%',
          detail: `${entry.valueKg} kg, ${signed(change)} from ${context.monthAgo.valueKg} kg in ${days} day${days === 1 ? '' : 's'}`,
          dedupeKey: `weight_change:${entry.id}`,
        }),
      );
    }
  }
  const target = context.targetKg;
  if (target) {
    const distance = ((entry.valueKg - target) / target) * 100;
    const movedAway =
      !context.previous || Math.abs(entry.valueKg - target) > Math.abs(context.previous.valueKg - target);
    if (Math.abs(distance) > WEIGHT_TARGET_PERCENT && movedAway) {
      signals.push(
        signalOf('weight_target', {
          ...source,
          value: round1(distance),
          threshold: distance > 0 ? WEIGHT_TARGET_PERCENT : -WEIGHT_TARGET_PERCENT,
          unit: '%',
          detail: `${entry.valueKg} kg, ${signed(distance)} from the ${target} kg target`,
          dedupeKey: `weight_target:${entry.id}`,
        }),
      );
    }
  }
  return signals;
}

/**
 * The domain events that raise cards, by type, and the trigger each becomes. Another module's signal
 * is one entry here: it records its event (in its own transaction, as checkups record
 * `checkup.problematic`) and the consumer below turns each into a trigger exactly once.
 */
const EVENT_SIGNALS: Record<
  string,
  (tx: DbOrTx, event: UnconsumedEvent & { petId: string }) => Promise<Signal>
> = {
  'checkup.problematic': async (tx, event) => {
    const count = await checkupProblematicCount(tx, event.entityId);
    return signalOf('checkup_problematic', {
      petId: event.petId,
      value: count,
      threshold: null,
      unit: 'answers',
      detail: count === null ? null : `${count} problematic answer${count === 1 ? '' : 's'}`,
      sourceEntity: 'checkup',
      sourceId: event.entityId,
      at: event.at,
      dedupeKey: `checkup:${event.entityId}`,
    });
  },
  // Published by the clinical record for a severity-3 journal entry.
  'journal.severe': async (_tx, event) =>
    signalOf('journal_severe', {
      petId: event.petId,
      value: 3,
      threshold: null,
      unit: 'severity',
      detail: 'Severity 3 journal entry',
      sourceEntity: event.entity,
      sourceId: event.entityId,
      at: event.at,
      dedupeKey: `${event.entity}:${event.entityId}`,
    }),
};

export const CONSUMED_EVENT_TYPES = Object.keys(EVENT_SIGNALS);

/**
 * The signals the consumer would have made of the signal events since `since`, read from what
 * recorded them (problematic answered checkups, severity-3 journal entries): data loaded without
 * its events, the demo data, becomes the same triggers.
 */
export async function eventSignalsSince(tx: DbOrTx, since: Date): Promise<Signal[]> {
  const signals: Signal[] = [];
  for (const event of await signalEventsOfRecordsSince(tx, since)) {
    const build = EVENT_SIGNALS[event.type];
    if (build) signals.push(await build(tx, event));
  }
  return signals;
}

/** Events are kept a day (events.service.ts); what is older was consumed or lost with them. */
const CONSUME_LOOK_BACK_MS = 24 * 60 * 60 * 1000;

/**
 * Turns the unconsumed signal events into triggers, each in its own transaction that first marks it
 * consumed: two instances (or a job and its retry) never act on one event twice.
 */
export async function consumeSignalEvents(deps: PendingCardsDeps, actor: Actor): Promise<number> {
  let consumed = 0;
  for (;;) {
    const now = deps.now();
    const events = await listUnconsumedEvents(
      deps.db,
      CONSUMED_EVENT_TYPES,
      new Date(now.getTime() - CONSUME_LOOK_BACK_MS),
      100,
    );
    for (const event of events) {
      await deps.db.transaction(async (tx) => {
        if (!(await markEventConsumed(tx, event.seq))) return;
        const build = EVENT_SIGNALS[event.type];
        if (!build || !event.petId) return;
        await raiseSignals(tx, actor, [await build(tx, { ...event, petId: event.petId })], deps.now());
        consumed += 1;
      });
    }
    if (events.length < 100) return consumed;
  }
}

export const COVERAGE_WINDOW_HOURS = 48;
/** The slowest collars (v1) measure every four hours: one reading stands for that long. */
export const COVERAGE_SPREAD_HOURS = 4;

/**
 * The collar-data rule, run by a scheduled job: a collar pet whose readings cover less than half of
 * the last 48 hours gets (or refreshes) a collar_data trigger; once data is back, the open trigger is
 * resolved by the job, and so is its card when nothing else is open on it.
 */
export async function checkCollarCoverage(deps: PendingCardsDeps, actor: Actor) {
  const now = deps.now();
  return deps.db.transaction((tx) => checkCollarCoverageIn(tx, actor, now));
}

/** The collar-data rule inside the caller's transaction, as of `now`. */
export async function checkCollarCoverageIn(tx: DbOrTx, actor: Actor, now: Date) {
  const coverage = await collarCoverage(tx, now, COVERAGE_WINDOW_HOURS, COVERAGE_SPREAD_HOURS);
  const gaps = coverage.filter((pet) => pet.hoursWithData < COVERAGE_WINDOW_HOURS / 2);
  const covered = new Set(
    coverage.filter((pet) => pet.hoursWithData >= COVERAGE_WINDOW_HOURS / 2).map((p) => p.petId),
  );
  await raiseSignals(
    tx,
    actor,
    gaps.map((pet) =>
      signalOf('collar_data_gap', {
        petId: pet.petId,
        value: pet.hoursWithData,
        threshold: COVERAGE_WINDOW_HOURS / 2,
        unit: 'hours',
        detail: `${pet.petName}'s collar sent data for ${pet.hoursWithData} of the last ${COVERAGE_WINDOW_HOURS} hours`,
        sourceEntity: null,
        sourceId: null,
        at: now,
        dedupeKey: 'collar_data_gap',
      }),
    ),
    now,
  );
  const back = (await openCollarTriggers(tx)).filter((trigger) => covered.has(trigger.petId));
  for (const trigger of back) {
    const card = await lockCard(tx, trigger.cardId, undefined);
    if (card?.status !== 'open') continue;
    const by = { vetId: null, at: now, note: 'Collar data came back' };
    await resolveTriggers(tx, { cardId: card.id, triggerId: trigger.triggerId }, by);
    await refreshTriggerCounts(tx, [card.id]);
    const open = card.openTriggerCount - 1;
    const changes = open > 0 ? { openTriggerCount: open } : await resolveOpenCard(tx, card, by);
    await updateCard(tx, card.id, changes);
    await recordPetEvent(tx, card.petId, {
      type: 'pending_card.changed',
      entity: 'pending_card',
      id: card.id,
      actor: eventActorOf(actor),
    });
    await recordAudit(tx, actor, {
      action: open > 0 ? 'pending_cards.resolve_trigger' : 'pending_cards.resolve',
      entity: 'pending_card',
      entityId: card.id,
      changes: { before: auditState(card), after: auditState({ ...card, ...changes }) },
    });
  }
  return { gaps: gaps.length, recovered: covered.size };
}

/** Each pet's cards open at some time in [start, end), worst first: what a weekly report lists. */
export async function cardsOfPetsDuringWeek(
  db: DbOrTx,
  petIds: readonly string[],
  start: Date,
  end: Date,
): Promise<Map<string, WeekCard[]>> {
  const byPet = new Map<string, WeekCard[]>();
  if (petIds.length === 0) return byPet;
  for (const row of await cardsOfPetsDuring(db, petIds, start, end)) {
    const list = byPet.get(row.petId) ?? [];
    // The card's status as the week ended, so a report generated again later says the same.
    list.push({
      uuid: row.id,
      concern: row.concern,
      severity: row.severity,
      status: row.resolvedAt && row.resolvedAt < end ? 'resolved' : 'open',
      openedAt: toTimestamp(row.openedAt),
    });
    byPet.set(row.petId, list);
  }
  return byPet;
}

export interface WeekCard {
  uuid: string;
  concern: PendingCardConcern;
  severity: number;
  status: 'open' | 'resolved';
  openedAt: { seconds: number };
}

/**
 * Where the signal that raises a card about each concern comes from: the collar's readings, the owner's
 * checkups and journal in the app, and weight entries, which owners add in the app.
 */
const CONCERN_SOURCES: Record<PendingCardConcern, TimelineSource> = {
  respiratory: 'collar',
  collar_data: 'collar',
  checkup: 'owner_app',
  journal: 'owner_app',
  weight: 'owner_app',
};

/** A pet's cards raised and resolved, for its timeline (each kind one bounded read). */
export async function listPendingCardTimelineEvents(
  deps: { db: DbOrTx },
  read: TimelineRead,
): Promise<TimelineEvent[]> {
  const concerns = pendingCardConcerns.filter((concern) => read.sources.has(CONCERN_SOURCES[concern]));
  const [raised, resolved] = await Promise.all([
    read.kinds.has('pending_card.raised') && concerns.length > 0
      ? pendingCardTimelineRows(deps.db, read, 'pending_card.raised', concerns)
      : [],
    read.kinds.has('pending_card.resolved')
      ? pendingCardTimelineRows(deps.db, read, 'pending_card.resolved')
      : [],
  ]);
  return [
    ...raised.map(
      (row): TimelineEvent => ({
        id: row.id,
        at: row.at,
        kind: 'pending_card.raised',
        source: CONCERN_SOURCES[row.concern],
        title: `Pending card raised: ${pendingCardConcernLabels[row.concern]} (${pendingCardSeverityLabels[severityOfRank(row.severity)]})`,
        link: `/pending-cards/${row.id}`,
      }),
    ),
    ...resolved.map(
      (row): TimelineEvent => ({
        id: row.id,
        at: row.at,
        kind: 'pending_card.resolved',
        source: 'vet',
        title: `Pending card resolved: ${pendingCardConcernLabels[row.concern]}`,
        link: `/pending-cards/${row.id}`,
      }),
    ),
  ];
}
